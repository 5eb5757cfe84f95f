import { tokenHash } from '../auth/tokens';
import { bookingRequestOf, requestHashOf } from './views';

const BODY = {
  store: '11111111-1111-4111-8111-111111111111',
  topic: '22222222-2222-4222-8222-222222222222',
  firstName: 'Maria',
  lastName: 'Rossi',
  email: 'Maria.Rossi@example.test',
  phone: '333 123 4567',
  startsAt: '2026-03-02T09:00:00.000Z',
};
const STARTS_AT = new Date(BODY.startsAt);

/** The hash as the booking service computed it before views.ts held it: the keys stored with reservations must still match. */
function storedHash(body: typeof BODY & { room?: string; notes?: string }, email: string, phone: string): string {
  return tokenHash(
    JSON.stringify([body.store, body.topic, body.room ?? null, STARTS_AT.toISOString(), body.firstName, body.lastName, email, phone, body.notes ?? '']),
  );
}

describe('the booking request and its idempotency hash', () => {
  it('hash as the stored idempotency keys were hashed, with and without room and notes', () => {
    const email = 'maria.rossi@example.test';
    const phone = '+393331234567';
    for (const body of [BODY, { ...BODY, room: '33333333-3333-4333-8333-333333333333', notes: 'Al piano terra' }, { ...BODY, notes: '' }]) {
      expect(requestHashOf(bookingRequestOf(body, email, phone, STARTS_AT))).toBe(storedHash(body, email, phone));
    }
  });

  it('differ in the hash for any field of the request', () => {
    const request = bookingRequestOf(BODY, 'maria.rossi@example.test', '+393331234567', STARTS_AT);
    const hash = requestHashOf(request);
    for (const field of Object.keys(request) as (keyof typeof request)[]) {
      expect(requestHashOf({ ...request, [field]: `${String(request[field])}-changed` })).not.toBe(hash);
    }
  });
});
