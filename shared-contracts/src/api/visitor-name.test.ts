import { IT_LOBBY } from '../messages/it-lobby';
import { cleanStoredName, optionalVisitorNameSchema, visitorNameSchema } from './visitor-name';

const messageOf = (input: string) => {
  const parsed = visitorNameSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('visitorNameSchema', () => {
  it.each([
    ['Zoë Ørsted', 'Zoë Ørsted'],
    ["O'Brien-Smith", "O'Brien-Smith"],
    ['李小龍', '李小龍'],
    ['محمد علي', 'محمد علي'],
    // A zero-width joiner inside an emoji sequence is part of the emoji, not hidden text.
    ['Anna 👩\u200D💻', 'Anna 👩\u200D💻'],
    ['\u00a0Anna\u3000\nVerdi\u2028', 'Anna Verdi'],
    ['Jose\u0301', 'José'],
  ])('accepts %j as %j', (input, stored) => {
    expect(visitorNameSchema.parse(input)).toBe(stored);
  });

  it.each(['<b>', 'a<b', 'a>b', '\u202Dx', '\u200Fx', '\u061Cx', 'a\u0085b', 'a\u007Fb', 'a\u2060b'])('refuses %j with the characters message', (input) => {
    expect(messageOf(input)).toBe(IT_LOBBY.visitor.nameCharacters);
  });

  it('leaves an optional name empty when only spaces were typed', () => {
    expect(optionalVisitorNameSchema.parse('   ')).toBe('');
    expect(optionalVisitorNameSchema.parse(undefined)).toBeUndefined();
  });
});

describe('cleanStoredName', () => {
  it('drops tags and forbidden characters, normalises, and cuts to 60 characters', () => {
    expect(cleanStoredName('<i>Lucia</i>\u202E  Bianchi')).toBe('Lucia Bianchi');
    expect(cleanStoredName('Anna > Marco <')).toBe('Anna Marco');
    expect(cleanStoredName(`${'é'.repeat(70)}`)).toBe('é'.repeat(60));
    expect(cleanStoredName('<script></script>')).toBe('');
  });
});
