import type { DataMessage } from '@incontra/contracts/room/data-messages';
import { chatMessageAdded } from '../store/chat-slice';
import { participantStateChanged } from '../store/participants-slice';
import { microphoneMutedByStaff } from '../store/staff-mute-slice';
import type { RoomStore } from '../store/room-store';
import type { LocalMediaPort } from './local-media-port';

/** A peer's link is input: only http(s) (or a path on this origin) may become a clickable link. */
export function isSafeFileUrl(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface IncomingDataContext {
  store: RoomStore;
  media: LocalMediaPort;
  localIdentity: string;
  origin: string;
}

/**
 * A data message from `from` (the engine's server-known identity, never a field of the message).
 * A mute and a payment request are honoured only when the sender is staff, and its role is the
 * one the server stamped on the participant when it joined.
 */
export function handleDataMessage(context: IncomingDataContext, from: string, message: DataMessage): void {
  const { store, media, localIdentity, origin } = context;
  const sender = store.getState().participants.entities[from];
  if (!sender || sender.isLocal) return;
  switch (message.type) {
    case 'mute': {
      if (message.payload !== localIdentity || sender.role !== 'staff') return;
      // Told only when this turned the microphone off: a mute of a silent microphone changes nothing.
      const wasOn = store.getState().localMedia.microphoneOn;
      media.setMicrophoneEnabled(false);
      if (wasOn) store.dispatch(microphoneMutedByStaff());
      return;
    }
    case 'state':
      store.dispatch(participantStateChanged({ identity: from, changes: message.payload }));
      return;
    case 'chat': {
      const { id, text, sentAt } = message.payload;
      store.dispatch(chatMessageAdded({ id, from, displayName: sender.displayName, mine: false, sentAt, kind: 'text', text }));
      return;
    }
    case 'file': {
      const { id, sentAt, ...file } = message.payload;
      if (!isSafeFileUrl(file.url, origin)) return;
      store.dispatch(chatMessageAdded({ id, from, displayName: sender.displayName, mine: false, sentAt, kind: 'file', file }));
      return;
    }
    case 'payment': {
      // Only staff ask for money: a visitor's card would be a way to send others to a page of the attacker's choosing.
      if (sender.role !== 'staff') return;
      const { id, sentAt, ...payment } = message.payload;
      store.dispatch(chatMessageAdded({ id, from, displayName: sender.displayName, mine: false, sentAt, kind: 'payment', payment }));
      return;
    }
  }
}
