import type { ReservationBody } from '@incontra/contracts/api/reservations';
import { IDEMPOTENCY_KEY } from '@incontra/contracts/api/reservations';
import { attemptFor, newIdempotencyKey } from './idempotency';

const BODY: ReservationBody = {
  store: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01',
  topic: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  startsAt: '2026-03-03T09:30:00.000Z',
  firstName: 'Mario',
  lastName: 'Rossi',
  email: 'mario.rossi@example.it',
  phone: '3331234567',
  privacyConsent: true,
};

describe('Idempotency-Key', () => {
  it('has the shape the API accepts', () => {
    expect(newIdempotencyKey()).toMatch(IDEMPOTENCY_KEY);
  });

  it('stays the same for a retry of the same data and changes with the data', () => {
    let keys = 0;
    const newKey = () => `key-000000000000000${(keys += 1)}`;
    const first = attemptFor(null, BODY, newKey);
    expect(attemptFor(first, { ...BODY }, newKey)).toBe(first);
    expect(attemptFor(first, { ...BODY, startsAt: '2026-03-03T10:00:00.000Z' }, newKey).key).not.toBe(first.key);
  });
});
