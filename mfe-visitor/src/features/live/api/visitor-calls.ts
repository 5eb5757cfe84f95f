import {
  verificationCodeSentSchema,
  visitorJoinRequestSchema,
  type VerificationCodeSent,
  type VisitorCredentials,
  type VisitorJoinRequest,
} from '@incontra/contracts/api/join-requests';
import { apiRequest } from '@incontra/contracts/http';

type Credentials = Pick<VisitorCredentials, 'requestId' | 'visitorToken'>;

/** Every call about one's own request proves it with the visitor token (bearer calls need no CSRF). */
export function bearerOf(credentials: Credentials): Record<string, string> {
  return { authorization: `Bearer ${credentials.visitorToken}` };
}

function requestPath(credentials: Credentials, action = ''): string {
  return `/api/video-room/join-request/${encodeURIComponent(credentials.requestId)}${action}`;
}

/** POST /api/video-room/join-request/{id}: the status, when the socket is not there to push it. */
export function getJoinRequestStatus(credentials: Credentials): Promise<VisitorJoinRequest> {
  return apiRequest(requestPath(credentials), { method: 'POST', headers: bearerOf(credentials), schema: visitorJoinRequestSchema });
}

/** POST …/send-verification-code */
export function sendVerificationCode(credentials: Credentials, phoneNumber: string): Promise<VerificationCodeSent> {
  return apiRequest(requestPath(credentials, '/send-verification-code'), {
    method: 'POST',
    headers: bearerOf(credentials),
    body: { phoneNumber },
    schema: verificationCodeSentSchema,
  });
}

/** POST …/verify-verification-code */
export function verifyVerificationCode(credentials: Credentials, code: string): Promise<VisitorJoinRequest> {
  return apiRequest(requestPath(credentials, '/verify-verification-code'), {
    method: 'POST',
    headers: bearerOf(credentials),
    body: { code },
    schema: visitorJoinRequestSchema,
  });
}

/** POST …/cancel: idempotent, a request already over answers its state unchanged. */
export function cancelJoinRequest(credentials: Credentials): Promise<VisitorJoinRequest> {
  return apiRequest(requestPath(credentials, '/cancel'), { method: 'POST', headers: bearerOf(credentials), schema: visitorJoinRequestSchema });
}

/**
 * The same cancel while the page goes away: `keepalive` lets the request outlive the page, and
 * nobody is left to read the answer. Never throws.
 */
export function cancelJoinRequestOnLeave(credentials: Credentials): void {
  try {
    void fetch(requestPath(credentials, '/cancel'), { method: 'POST', keepalive: true, credentials: 'same-origin', headers: bearerOf(credentials) }).catch(
      () => undefined,
    );
  } catch {
    // A page being torn down may refuse new requests: the server's sweeper withdraws it anyway.
  }
}
