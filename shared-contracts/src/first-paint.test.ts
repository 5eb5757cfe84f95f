import { firstPaintOf, type welcomeTitleOf } from './first-paint';

const company = { name: 'Demo', settings: {} } as Parameters<typeof welcomeTitleOf>[0];

describe('firstPaintOf', () => {
  it('paints the welcome heading, the company’s own when it has one', () => {
    expect(firstPaintOf('/', '', company)).toEqual({ heading: 'Benvenuto da Demo', layout: 'welcome' });
    expect(firstPaintOf('/', '', { ...company, settings: { welcomeTitle: '  Ciao!  ' } })).toEqual({ heading: 'Ciao!', layout: 'welcome' });
    expect(firstPaintOf('/', '', { ...company, settings: { welcomeTitle: '   ' } })?.heading).toBe('Benvenuto da Demo');
  });

  it('paints the live flow’s heading, but not for a reservation’s entry', () => {
    expect(firstPaintOf('/partecipa', '?store=1', company)).toEqual({ heading: 'Parla con un nostro incaricato', layout: 'step' });
    expect(firstPaintOf('/partecipa/', '', company)?.heading).toBe('Parla con un nostro incaricato');
    expect(firstPaintOf('/partecipa', '?appuntamento=abc', company)).toEqual({ heading: null, layout: 'step' });
  });

  it('paints only the frame on other visitor pages, and nothing outside the visitor’s frame', () => {
    expect(firstPaintOf('/prenota', '', company)).toEqual({ heading: null, layout: 'step' });
    expect(firstPaintOf('/admin', '', company)).toBeNull();
    expect(firstPaintOf('/room/verifica', '', company)).toBeNull();
    expect(firstPaintOf('/non-esiste', '', company)).toBeNull();
  });
});
