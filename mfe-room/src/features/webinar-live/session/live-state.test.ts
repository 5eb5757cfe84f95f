import type { ServerWebinarLiveMessage } from '@incontra/contracts/realtime/webinar-live';
import { GIULIA, MARCO, PRESENTER, question, welcome } from '../testing/live-fixtures';
import { CHAT_KEPT, initialLiveState, liveReducer, orderedQuestions, type LiveState } from './live-state';

const apply = (state: LiveState, ...messages: ServerWebinarLiveMessage[]) =>
  messages.reduce((next, message) => liveReducer(next, { type: 'server', message }), state);

describe('the live session’s state', () => {
  it('takes everything from the welcome, and moves on with the news', () => {
    const asked = question();
    let state = apply(initialLiveState, welcome(PRESENTER, { attendees: [GIULIA], viewers: 1 }));
    expect(state.self).toEqual(PRESENTER);
    state = apply(
      state,
      { type: 'joined', attendee: MARCO },
      { type: 'viewers', count: 2 },
      { type: 'status', status: 'live' },
      { type: 'question', question: asked },
      { type: 'question', question: { ...asked, votes: 3 } },
      { type: 'hands', hands: [{ seat: MARCO.seat, name: MARCO.name, raisedAt: '2026-03-03T17:06:00.000Z' }] },
      { type: 'speaker', speaker: MARCO },
      { type: 'chat-muted', muted: true },
      { type: 'left', seat: GIULIA.seat },
    );
    expect(state).toMatchObject({ status: 'live', viewers: 2, chatMuted: true, speaker: MARCO, attendees: [MARCO] });
    expect(state.questions).toEqual([{ ...asked, votes: 3 }]);
    expect(state.hands.map((hand) => hand.seat)).toEqual([MARCO.seat]);
    expect(apply(state, { type: 'question-gone', id: asked.id }).questions).toEqual([]);
  });

  it('does not list oneself among the attendees, nor twice someone who came back', () => {
    const state = apply(initialLiveState, welcome(GIULIA), { type: 'joined', attendee: GIULIA }, { type: 'joined', attendee: PRESENTER });
    expect(state.attendees).toEqual([PRESENTER]);
  });

  it('keeps its own chat across a new welcome, the latest lines only', () => {
    let state = apply(initialLiveState, welcome(GIULIA));
    for (let line = 0; line < CHAT_KEPT + 5; line += 1)
      state = apply(state, { type: 'chat', from: PRESENTER, text: `riga ${line}`, at: '2026-03-03T17:10:00.000Z' });
    state = apply(state, welcome(GIULIA, { status: 'live' }));
    expect(state.chat).toHaveLength(CHAT_KEPT);
    expect(state.chat[0]?.text).toBe('riga 5');
    expect(new Set(state.chat.map((line) => line.id)).size).toBe(CHAT_KEPT);
  });

  it('numbers refusals, so the same one twice is news twice', () => {
    const state = apply(initialLiveState, { type: 'bad', reason: 'limit' }, { type: 'bad', reason: 'limit' });
    expect(state.refusal).toEqual({ reason: 'limit', count: 2 });
  });

  it('remembers the votes sent from this page', () => {
    const state = liveReducer(liveReducer(initialLiveState, { type: 'voted', question: 'a', up: true }), { type: 'voted', question: 'b', up: true });
    expect(liveReducer(state, { type: 'voted', question: 'a', up: false }).voted).toEqual(['b']);
  });

  it('orders open questions by votes (older first among equals), then answered, then hidden', () => {
    const q = (id: string, votes: number, status: 'open' | 'answered' | 'hidden', minute: number) =>
      question({ id, votes, status, askedAt: `2026-03-03T17:${String(minute).padStart(2, '0')}:00.000Z` });
    const ordered = orderedQuestions([
      q('hidden', 9, 'hidden', 1),
      q('late', 2, 'open', 9),
      q('answered', 5, 'answered', 2),
      q('early', 2, 'open', 3),
      q('top', 4, 'open', 8),
    ]);
    expect(ordered.map((item) => item.id)).toEqual(['top', 'early', 'late', 'answered', 'hidden']);
  });
});
