import { INVITATION_CODE_ALPHABET, INVITATION_CODE_LENGTH, normalizeInvitationCode } from '@incontra/contracts/api/join-requests';
import { invitationUrl, newInvitationCode } from './invitations';

describe('invitation codes', () => {
  it('are INVITATION_CODE_LENGTH characters of the alphabet, every character used, no two alike', () => {
    const codes = Array.from({ length: 2000 }, () => newInvitationCode());
    const pattern = new RegExp(`^[${INVITATION_CODE_ALPHABET}]{${INVITATION_CODE_LENGTH}}$`);
    expect(codes.every((code) => pattern.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join(''))).toEqual(new Set(INVITATION_CODE_ALPHABET));
    expect(codes.every((code) => normalizeInvitationCode(code) === code)).toBe(true);
  });

  it('travel in the live page link of the origin the staff member works on', () => {
    expect(invitationUrl('https://demo.example.it', 'ABCDEFGHJK')).toBe('https://demo.example.it/partecipa?invito=ABCDEFGHJK');
  });
});
