import { INVITATION_NAME_PARAM, INVITATION_PARAM, invitationLinkOf } from './join-requests';

describe('invitationLinkOf', () => {
  const url = 'https://demo.incontra.example/partecipa?invito=ABCD234XYZ';

  it('adds the name staff typed, encoded, beside the code', () => {
    const link = new URL(invitationLinkOf({ url, name: 'Anna Maria D’Amico' }));
    expect(link.searchParams.get(INVITATION_PARAM)).toBe('ABCD234XYZ');
    expect(link.searchParams.get(INVITATION_NAME_PARAM)).toBe('Anna Maria D’Amico');
    expect(link.origin + link.pathname).toBe('https://demo.incontra.example/partecipa');
  });

  it('is the invitation link itself without a name', () => {
    expect(invitationLinkOf({ url, name: null })).toBe(url);
  });
});
