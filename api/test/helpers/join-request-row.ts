import type { JoinRequestRow } from '../../src/lobby/repository';

/** A join request as the repository reads it (store and room names joined), for the pure unit tests. */
export function rowOf(changes: Partial<JoinRequestRow> = {}): JoinRequestRow {
  return {
    id: '6f1c8a52-3b0e-4f55-9a3d-2b8e0c1d4e5f',
    companyId: '0d6b1f0e-8c5a-4a3e-9f2b-7c1d2e3f4a5b',
    storeId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    storeName: 'Roma Termini',
    roomId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    roomName: 'Sala Roma',
    source: 'live',
    status: 'verifying',
    name: 'Giulia Neri',
    visitorTokenHash: 'a'.repeat(64),
    verificationRequired: true,
    phoneNumber: null,
    codePhoneNumber: '+393331234567',
    message: null,
    handledById: null,
    handledByName: null,
    guestIdentity: null,
    createdAt: new Date('2026-03-02T09:00:00Z'),
    waitingSince: new Date('2026-03-02T09:00:00Z'),
    expiresAt: new Date('2026-03-02T09:05:00Z'),
    visitorSeenAt: new Date('2026-03-02T09:00:10Z'),
    reservationId: null,
    appointmentStartsAt: null,
    ...changes,
  };
}
