import type { JoinRequestStatus } from '@incontra/contracts/api/join-requests';
import { REQUEST_ID, ROOM_ID, STORE_ID, VISITOR_TOKEN, sentRequest, visitorRequest } from '../testing/join-request-fixtures';
import { INITIAL_LIVE_FLOW, liveFlowReducer, liveViewOf, type LiveFlowState } from './live-flow-state';

const CREDENTIALS = { requestId: REQUEST_ID, visitorToken: VISITOR_TOKEN, name: 'Giulia', storeId: STORE_ID, roomId: ROOM_ID };

function sent(overrides: Parameters<typeof sentRequest>[0] = {}): LiveFlowState {
  return liveFlowReducer(INITIAL_LIVE_FLOW, {
    type: 'sent',
    origin: { kind: 'live', storeId: STORE_ID, roomId: ROOM_ID },
    credentials: CREDENTIALS,
    sent: sentRequest(overrides),
    now: 1000,
  });
}

const status = (state: LiveFlowState, next: JoinRequestStatus, message: string | null = null) =>
  liveFlowReducer(state, { type: 'status', request: visitorRequest({ status: next, message }) });

describe('live flow state', () => {
  it('maps each status to its step', () => {
    expect(liveViewOf(null)).toBe('name');
    const state = sent();
    expect(liveViewOf(state.session)).toBe('waiting');
    const views = (['verified', 'approved', 'joined', 'rejected', 'expired', 'cancelled', 'ended'] as const).map((next) =>
      liveViewOf(status(state, next).session),
    );
    expect(views).toEqual(['waiting', 'approved', 'approved', 'rejected', 'expired', 'cancelled', 'ended']);
  });

  it('asks for the phone, then the code, while the verification is due', () => {
    let state = sent({ verificationRequired: true });
    expect(liveViewOf(state.session)).toBe('phone');
    state = liveFlowReducer(state, {
      type: 'code-sent',
      sent: {
        request: visitorRequest({ status: 'verifying', verificationRequired: true }),
        phoneNumber: '+393331234567',
        codeExpiresAt: '',
        resendAfter: '2026-11-22T10:00:30.000Z',
      },
    });
    expect(liveViewOf(state.session)).toBe('code');
    expect(state.session?.codeSent).toEqual({ phoneNumber: '+393331234567', resendAfter: Date.parse('2026-11-22T10:00:30.000Z') });
    expect(liveViewOf(liveFlowReducer(state, { type: 'change-phone' }).session)).toBe('phone');
    expect(liveViewOf(status(state, 'verified').session)).toBe('waiting');
  });

  it('never leaves a final state on a late status', () => {
    const rejected = status(sent(), 'rejected', 'No');
    expect(liveViewOf(status(rejected, 'pending').session)).toBe('rejected');
    expect(status(rejected, 'pending').session?.request.message).toBe('No');
  });

  it('ignores a status about another request', () => {
    const state = sent();
    const other = liveFlowReducer(state, { type: 'status', request: visitorRequest({ id: '00000000-0000-4000-8000-000000000000', status: 'rejected' }) });
    expect(liveViewOf(other.session)).toBe('waiting');
  });

  it('shows the request as gone when the server no longer knows it, whatever status arrives late', () => {
    const gone = liveFlowReducer(sent(), { type: 'gone' });
    expect(liveViewOf(gone.session)).toBe('gone');
    expect(liveViewOf(status(gone, 'approved').session)).toBe('gone');
  });

  it('keeps the name for the next request and forgets the session on reset', () => {
    const state = liveFlowReducer(sent(), { type: 'reset' });
    expect(state).toEqual({ name: 'Giulia', session: null });
  });
});
