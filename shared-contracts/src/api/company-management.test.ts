import { companyUpdateBodySchema, formatRatio, isTimeZone, primaryButtonContrast } from './company-management';

describe('primaryButtonContrast', () => {
  it('gives light colours black text and dark ones white, as Mantine does, with the WCAG ratio', () => {
    expect(primaryButtonContrast('#ffffff')).toEqual({ ink: 'black', ratio: 21, ok: true });
    expect(primaryButtonContrast('#000000')).toEqual({ ink: 'white', ratio: 21, ok: true });
    expect(primaryButtonContrast('#f5a623')).toMatchObject({ ink: 'black', ok: true });
    expect(formatRatio(primaryButtonContrast('#1864ab').ratio)).toBe('6,08');
  });

  it('refuses mid tones on which Mantine still writes in white', () => {
    expect(primaryButtonContrast('#2f9e44')).toMatchObject({ ink: 'white', ok: false });
    expect(formatRatio(primaryButtonContrast('#2f9e44').ratio)).toBe('3,44');
    expect(companyUpdateBodySchema.safeParse({ primaryColor: '#2f9e44' }).error?.issues[0]?.path).toEqual(['primaryColor']);
    expect(companyUpdateBodySchema.safeParse({ primaryColor: '#1864ab' }).success).toBe(true);
  });
});

describe('isTimeZone', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/Rome')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('+02:00 oppure')).toBe(false);
  });
});
