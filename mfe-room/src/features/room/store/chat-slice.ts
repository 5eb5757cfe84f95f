import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

interface ChatMessageBase {
  id: string;
  /** Sender identity. */
  from: string;
  displayName: string;
  mine: boolean;
  /** ISO date-time, as the sender stamped it. */
  sentAt: string;
}

export interface ChatFile {
  name: string;
  size: number;
  mimeType: string;
  url: string;
}

/** A payment request staff made during the call: the customer pays it on /pagamento/{token}. */
export interface ChatPayment {
  paymentId: string;
  token: string;
  amount: number;
  description: string;
}

export type ChatMessage =
  | (ChatMessageBase & { kind: 'text'; text: string })
  | (ChatMessageBase & { kind: 'file'; file: ChatFile })
  | (ChatMessageBase & { kind: 'payment'; payment: ChatPayment });

export interface ChatState {
  messages: ChatMessage[];
  unread: number;
  open: boolean;
}

const initialState: ChatState = { messages: [], unread: 0, open: false };

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    /** A message arrives once (several paths may carry the same id); others' count as unread while the panel is closed. */
    chatMessageAdded(state, action: PayloadAction<ChatMessage>) {
      const message = action.payload;
      if (state.messages.some((existing) => existing.id === message.id && existing.from === message.from)) return;
      state.messages.push(message);
      if (!message.mine && !state.open) state.unread += 1;
    },
    chatOpened(state) {
      state.open = true;
      state.unread = 0;
    },
    chatClosed(state) {
      state.open = false;
    },
    chatToggled(state) {
      state.open = !state.open;
      if (state.open) state.unread = 0;
    },
  },
});

export const { chatMessageAdded, chatOpened, chatClosed, chatToggled } = chatSlice.actions;
