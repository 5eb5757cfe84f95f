import { firstPaintOf } from './first-paint';

const company = { name: 'Demo', settings: {}, wall: null } as Parameters<typeof firstPaintOf>[2];

describe('firstPaintOf', () => {
  it('paints the welcome heading, the company’s own when it has one', () => {
    expect(firstPaintOf('/', '', company)).toEqual({ heading: 'Benvenuto da Demo', layout: 'welcome', wall: null });
    expect(firstPaintOf('/', '', { ...company, settings: { welcomeTitle: '  Ciao!  ' } })).toEqual({ heading: 'Ciao!', layout: 'welcome', wall: null });
    expect(firstPaintOf('/', '', { ...company, settings: { welcomeTitle: '   ' } })?.heading).toBe('Benvenuto da Demo');
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

  it('paints only the frame on other visitor pages, and nothing outside the visitor’s frame', () => {
    expect(firstPaintOf('/prenota', '', company)).toEqual({ heading: null, layout: 'step', wall: null });
    expect(firstPaintOf('/admin', '', company)).toBeNull();
    expect(firstPaintOf('/room/verifica', '', company)).toBeNull();
    expect(firstPaintOf('/non-esiste', '', company)).toBeNull();
  });
});
