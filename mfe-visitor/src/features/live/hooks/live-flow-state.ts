import {
  isFinal,
  type SentJoinRequest,
  type VerificationCodeSent,
  type VisitorCredentials,
  type VisitorJoinRequest,
} from '@incontra/contracts/api/join-requests';
import type { JoinRequestOrigin } from '../api/send-join-request';

/** One request of this tab, from the moment it was sent. */
export interface LiveSession {
  origin: JoinRequestOrigin;
  credentials: VisitorCredentials;
  request: VisitorJoinRequest;
  /** This tab's clock when the request was sent: the elapsed time needs no server clock. */
  startedAt: number;
  /** The visitor chose to keep waiting after this busy answer; a new one shows again. */
  busyAcknowledged: boolean;
  /** The last code sent: where to, and not before when another may be asked for (ms). */
  codeSent: { phoneNumber: string; resendAfter: number } | null;
  changingPhone: boolean;
  /** The server no longer knows the request (its room was removed, say): nothing more will come. */
  gone: boolean;
}

export interface LiveFlowState {
  /** Kept across requests: 'Riprova' and 'Nuova richiesta' start with it. */
  name: string;
  session: LiveSession | null;
}

export type LiveFlowAction =
  | { type: 'sent'; origin: JoinRequestOrigin; credentials: VisitorCredentials; sent: SentJoinRequest; now: number }
  | { type: 'status'; request: VisitorJoinRequest }
  | { type: 'code-sent'; sent: VerificationCodeSent }
  | { type: 'change-phone' }
  | { type: 'keep-waiting' }
  | { type: 'name'; name: string }
  | { type: 'gone' }
  | { type: 'reset' };

export type LiveView = 'name' | 'phone' | 'code' | 'waiting' | 'approved' | 'busy' | 'rejected' | 'expired' | 'cancelled' | 'ended' | 'gone';

export const INITIAL_LIVE_FLOW: LiveFlowState = { name: '', session: null };

/**
 * A status from the socket, the fallback poll or a call's answer. They may arrive out of order
 * (a poll answered after the push), so nothing moves a request out of a final state.
 */
function withStatus(session: LiveSession, request: VisitorJoinRequest): LiveSession {
  if (request.id !== session.request.id || isFinal(session.request.status)) return session;
  const previous = session.request;
  const newBusy = request.status === 'busy' && (previous.status !== 'busy' || previous.message !== request.message);
  return { ...session, request, busyAcknowledged: newBusy ? false : session.busyAcknowledged };
}

export function liveFlowReducer(state: LiveFlowState, action: LiveFlowAction): LiveFlowState {
  const session = state.session;
  switch (action.type) {
    case 'sent':
      return {
        name: action.sent.request.name,
        session: {
          origin: action.origin,
          credentials: action.credentials,
          request: action.sent.request,
          startedAt: action.now,
          busyAcknowledged: false,
          codeSent: null,
          changingPhone: false,
          gone: false,
        },
      };
    case 'status':
      return session ? { ...state, session: withStatus(session, action.request) } : state;
    case 'code-sent':
      if (!session) return state;
      return {
        ...state,
        session: {
          ...withStatus(session, action.sent.request),
          codeSent: { phoneNumber: action.sent.phoneNumber, resendAfter: Date.parse(action.sent.resendAfter) },
          changingPhone: false,
        },
      };
    case 'change-phone':
      return session ? { ...state, session: { ...session, changingPhone: true } } : state;
    case 'keep-waiting':
      return session ? { ...state, session: { ...session, busyAcknowledged: true } } : state;
    case 'name':
      return { ...state, name: action.name };
    case 'gone':
      return session ? { ...state, session: { ...session, gone: true } } : state;
    case 'reset':
      return { ...state, session: null };
  }
}

/** Which step the visitor sees for the request as it stands. */
export function liveViewOf(session: LiveSession | null): LiveView {
  if (!session) return 'name';
  if (session.gone) return 'gone';
  const { request } = session;
  switch (request.status) {
    case 'pending':
    case 'verifying':
      if (!request.verificationRequired) return 'waiting';
      return session.codeSent && !session.changingPhone ? 'code' : 'phone';
    case 'verified':
      return 'waiting';
    case 'busy':
      return session.busyAcknowledged ? 'waiting' : 'busy';
    case 'approved':
    case 'joined':
      return 'approved';
    case 'rejected':
    case 'expired':
    case 'cancelled':
    case 'ended':
      return request.status;
  }
}
