import type { SentJoinRequest, VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import type { FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';

export const STORE_ID = '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01';
export const ROOM_ID = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
export const OTHER_ROOM_ID = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e60';
export const REQUEST_ID = '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
export const VISITOR_TOKEN = 'visitor-token-abc';

/** The visitor's view of a request as the API answers it, `pending` in Milano Centro unless told. */
export function visitorRequest(overrides: Partial<VisitorJoinRequest> = {}): VisitorJoinRequest {
  return {
    id: REQUEST_ID,
    status: 'pending',
    source: 'live',
    name: 'Giulia',
    storeId: STORE_ID,
    storeName: 'Milano Centro',
    roomId: ROOM_ID,
    roomName: 'Sala Consulenza',
    verificationRequired: false,
    phoneNumber: null,
    message: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    expiresAt: '2026-11-22T10:05:00.000Z',
    ...overrides,
  };
}

export function sentRequest(overrides: Partial<VisitorJoinRequest> = {}): SentJoinRequest {
  return { request: visitorRequest(overrides), visitorToken: VISITOR_TOKEN };
}

/** An API error body as the server sends it. */
export function apiError(statusCode: number, message: string, field?: string): FakeReply {
  const error = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Entity', 429: 'Too Many Requests' }[statusCode] ?? 'Error';
  return { status: statusCode, body: { statusCode, error, message, ...(field ? { field } : {}) } };
}
