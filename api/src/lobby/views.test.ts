import { staffJoinRequestSchema, visitorJoinRequestSchema } from '@incontra/contracts/api/join-requests';
import { lobbyEventSchema } from '@incontra/contracts/realtime/lobby';
import { rowOf } from '../../test/helpers/join-request-row';
import { lobbyEventOf, staffView, visitorView } from './views';

describe('views of a join request', () => {
  it('show the visitor the number its code went to, and that verification is due until the phone is proven', () => {
    const view = visitorJoinRequestSchema.parse(visitorView(rowOf()));
    expect(view).toMatchObject({ status: 'verifying', verificationRequired: true, phoneNumber: '+393331234567', expiresAt: '2026-03-02T09:05:00.000Z' });
    expect(view).not.toHaveProperty('visitorTokenHash');
    const verified = visitorView(rowOf({ status: 'verified', phoneNumber: '+393331234567' }));
    expect(verified).toMatchObject({ verificationRequired: false, phoneNumber: '+393331234567' });
    expect(visitorView(rowOf({ verificationRequired: false, codePhoneNumber: null })).verificationRequired).toBe(false);
  });

  it('show staff only a verified number, the wait and who handled it', () => {
    expect(staffJoinRequestSchema.parse(staffView(rowOf())).phoneNumber).toBeNull();
    const handled = staffView(
      rowOf({
        status: 'busy',
        phoneNumber: '+393331234567',
        message: 'Attendi',
        handledById: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
        handledByName: 'Anna Rossi',
        waitingSince: new Date('2026-03-02T09:02:00Z'),
      }),
    );
    expect(handled).toMatchObject({
      phoneNumber: '+393331234567',
      message: 'Attendi',
      waitingSince: '2026-03-02T09:02:00.000Z',
      handledBy: { id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f', name: 'Anna Rossi' },
    });
  });

  it('travel together in one lobby event of the request’s company', () => {
    const event = lobbyEventSchema.parse(lobbyEventOf(rowOf(), 1234));
    expect(event).toMatchObject({ type: 'join-request', companyId: rowOf().companyId, sentAt: 1234, request: { id: rowOf().id }, visitor: { id: rowOf().id } });
  });
});
