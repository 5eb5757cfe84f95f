import { firstPaintOf, primaryLanguageOf, type roomTextOf } from './first-paint';

const company = { name: 'Demo', settings: {}, wall: null } as Parameters<typeof firstPaintOf>[2];

describe('firstPaintOf', () => {
  it('paints the welcome heading, the company’s own when it has one', () => {
    expect(firstPaintOf('/', '', company)).toEqual({ heading: 'Demo ti dà il benvenuto', layout: 'welcome', wall: null });
    expect(firstPaintOf('/', '', { ...company, settings: { welcomeTitle: '  Ciao!  ' } })).toEqual({ heading: 'Ciao!', layout: 'welcome', wall: null });
    expect(firstPaintOf('/', '', { ...company, settings: { welcomeTitle: '   ' } })?.heading).toBe('Demo ti dà il benvenuto');
  });

  it('paints the company’s wall on the welcome page only, and only when there is something to read in it', () => {
    const wall = '<p>Aperti anche il sabato.</p>';
    expect(firstPaintOf('/', '?store=1', { ...company, wall })?.wall).toBe(wall);
    expect(firstPaintOf('/', '', { ...company, wall: '<p> &nbsp; </p>' })?.wall).toBeNull();
    expect(firstPaintOf('/partecipa', '', { ...company, wall })?.wall).toBeNull();
    expect(firstPaintOf('/prenota', '', { ...company, wall })?.wall).toBeNull();
  });

  it('paints the live flow’s heading, but not for a reservation’s entry', () => {
    expect(firstPaintOf('/partecipa', '?store=1', company)).toEqual({ heading: 'Parla con un nostro incaricato', layout: 'step', wall: null });
    expect(firstPaintOf('/partecipa/', '', company)?.heading).toBe('Parla con un nostro incaricato');
    expect(firstPaintOf('/partecipa', '?appuntamento=abc', company)).toEqual({ heading: null, layout: 'step', wall: null });
  });

  it('paints the heading the page will render for its store: the room’s own title and live title, in the browser’s language or Italian', () => {
    const translations = [
      { key: 'title', language: 'it', label: 'Consulenza a Roma' },
      { key: 'title', language: 'en', label: 'Advice in Rome' },
      { key: 'liveTitle', language: 'it', label: 'Parla con Roma' },
    ] as Parameters<typeof roomTextOf>[0];
    const roma = { storeId: 'roma', translations, language: 'it' };
    expect(firstPaintOf('/', '?store=roma', company, roma)?.heading).toBe('Consulenza a Roma');
    expect(firstPaintOf('/', '?store=roma', company, { ...roma, language: 'en' })?.heading).toBe('Advice in Rome');
    expect(firstPaintOf('/', '?store=roma', company, { ...roma, language: 'de' })?.heading).toBe('Consulenza a Roma');
    // The welcome page takes a room's title only with ?store= (the shell's store).
    expect(firstPaintOf('/', '', company, roma)?.heading).toBe('Demo ti dà il benvenuto');
    expect(firstPaintOf('/', '?store=milano', company, roma)?.heading).toBe('Demo ti dà il benvenuto');
    // The live flow reads its store's texts, the ?store= one or the first store's.
    expect(firstPaintOf('/partecipa', '?store=roma', company, roma)?.heading).toBe('Parla con Roma');
    expect(firstPaintOf('/partecipa', '', company, roma)?.heading).toBe('Parla con Roma');
    expect(firstPaintOf('/partecipa', '?store=roma&invito=123456', company, roma)?.heading).toBe('Parla con un nostro incaricato');
  });

  it('reads the language as the browser and Accept-Language give it', () => {
    expect(primaryLanguageOf('en-GB')).toBe('en');
    expect(primaryLanguageOf('it-IT,it;q=0.9,en;q=0.8')).toBe('it');
    expect(primaryLanguageOf(undefined)).toBe('');
  });

  it('paints only the frame on other visitor pages, and nothing outside the visitor’s frame', () => {
    expect(firstPaintOf('/prenota', '', company)).toEqual({ heading: null, layout: 'step', wall: null });
    expect(firstPaintOf('/admin', '', company)).toBeNull();
    expect(firstPaintOf('/room/verifica', '', company)).toBeNull();
    expect(firstPaintOf('/non-esiste', '', company)).toBeNull();
  });
});
