import type { ServerWebinarLiveMessage, WebinarAttendee, WebinarHand, WebinarQuestion, WebinarLiveRefusal } from '@incontra/contracts/realtime/webinar-live';

export type LiveStatus = Extract<ServerWebinarLiveMessage, { type: 'status' }>['status'];

export interface ChatLine {
  /** Local, for React's keys: the chat is not stored, lines have no id of the server's. */
  id: number;
  from: WebinarAttendee;
  text: string;
  at: string;
}

/** Lines of chat a page keeps (the oldest go first). */
export const CHAT_KEPT = 200;

/** The session as one participant sees it: replaced by every welcome, moved on by the news after it. */
export interface LiveState {
  self: WebinarAttendee | null;
  status: LiveStatus;
  chatMuted: boolean;
  questions: WebinarQuestion[];
  voted: string[];
  hands: WebinarHand[];
  speaker: WebinarAttendee | null;
  /** Presenters: everyone present; viewers: the presenters present. Oneself excluded. */
  attendees: WebinarAttendee[];
  viewers: number;
  chat: ChatLine[];
  nextChatId: number;
  /** The session is recorded now (everyone sees it), and whether a presenter may record here. */
  recording: boolean;
  recordable: boolean;
  /** On Janus, the token this viewer publishes its voice with while it holds the speaking turn. */
  voiceGrant: string | null;
  /** The latest refusal of one of our actions, numbered so the same reason twice is news twice. */
  refusal: { reason: WebinarLiveRefusal; count: number } | null;
}

export const initialLiveState: LiveState = {
  self: null,
  status: 'published',
  chatMuted: false,
  questions: [],
  voted: [],
  hands: [],
  speaker: null,
  attendees: [],
  viewers: 0,
  chat: [],
  nextChatId: 1,
  recording: false,
  recordable: false,
  voiceGrant: null,
  refusal: null,
};

export type LiveEvent = { type: 'server'; message: ServerWebinarLiveMessage } | { type: 'voted'; question: string; up: boolean };

function upsert<T>(list: readonly T[], item: T, same: (a: T, b: T) => boolean): T[] {
  const index = list.findIndex((existing) => same(existing, item));
  if (index === -1) return [...list, item];
  const copy = [...list];
  copy[index] = item;
  return copy;
}

export function liveReducer(state: LiveState, event: LiveEvent): LiveState {
  if (event.type === 'voted') {
    const others = state.voted.filter((id) => id !== event.question);
    return { ...state, voted: event.up ? [...others, event.question] : others };
  }
  const message = event.message;
  switch (message.type) {
    case 'welcome':
      // Everything but the chat, which only this page remembers, comes again with each welcome.
      return {
        ...state,
        self: message.self,
        status: message.status,
        chatMuted: message.chatMuted,
        questions: message.questions,
        voted: message.voted,
        hands: message.hands,
        speaker: message.speaker,
        attendees: message.attendees,
        viewers: message.viewers,
        recording: message.recording,
        recordable: message.recordable,
        // Granted again right after the welcome when still speaking.
        voiceGrant: null,
      };
    case 'status':
      return { ...state, status: message.status };
    case 'joined':
      if (message.attendee.seat === state.self?.seat) return state;
      return { ...state, attendees: upsert(state.attendees, message.attendee, (a, b) => a.seat === b.seat) };
    case 'left':
      return { ...state, attendees: state.attendees.filter((attendee) => attendee.seat !== message.seat) };
    case 'viewers':
      return { ...state, viewers: message.count };
    case 'chat': {
      const line: ChatLine = { id: state.nextChatId, from: message.from, text: message.text, at: message.at };
      return { ...state, chat: [...state.chat, line].slice(-CHAT_KEPT), nextChatId: state.nextChatId + 1 };
    }
    case 'chat-muted':
      return { ...state, chatMuted: message.muted };
    case 'recording':
      return { ...state, recording: message.on };
    case 'question':
      return { ...state, questions: upsert(state.questions, message.question, (a, b) => a.id === b.id) };
    case 'question-gone':
      return { ...state, questions: state.questions.filter((question) => question.id !== message.id) };
    case 'hands':
      return { ...state, hands: message.hands };
    case 'speaker':
      return { ...state, speaker: message.speaker, voiceGrant: message.speaker?.seat === state.self?.seat ? state.voiceGrant : null };
    case 'voice-grant':
      return { ...state, voiceGrant: message.token };
    case 'bad':
      return { ...state, refusal: { reason: message.reason, count: (state.refusal?.count ?? 0) + 1 } };
    case 'signal':
    case 'heartbeat':
    case 'bye':
      return state;
  }
}

const STATUS_ORDER = { open: 0, answered: 1, hidden: 2 } as const;

/** Open questions first, the most voted on top (older first among equals), then answered, then hidden. */
export function orderedQuestions(questions: readonly WebinarQuestion[]): WebinarQuestion[] {
  return [...questions].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || b.votes - a.votes || Date.parse(a.askedAt) - Date.parse(b.askedAt));
}

export const presentersOf = (state: LiveState): WebinarAttendee[] => {
  const others = state.attendees.filter((attendee) => attendee.role === 'presenter');
  return state.self?.role === 'presenter' ? [state.self, ...others] : others;
};
