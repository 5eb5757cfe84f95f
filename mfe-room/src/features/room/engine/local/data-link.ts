import { jsonOfDataPayload, toDataMessage, type DataMessage } from '@incontra/contracts/room/data-messages';

/** Messages written before the channel opens (the `state` sent on join) wait this many deep. */
const QUEUE_LIMIT = 200;

/** Parses one data-channel payload; anything that is not a valid data message is dropped. */
export function parseDataMessage(raw: unknown): DataMessage | null {
  return toDataMessage(jsonOfDataPayload(raw));
}

/**
 * The data side of one peer link. Usually one channel (created by the offerer); after an
 * offer collision both sides may have made one, so any open channel will do.
 */
export class DataLink {
  private readonly channels = new Set<RTCDataChannel>();
  private queue: string[] = [];
  private opened = false;

  constructor(
    private readonly onMessage: (message: DataMessage) => void,
    /** Every channel that had opened is closed: the peer's connection is gone. */
    private readonly onGone: () => void,
  ) {}

  add(channel: RTCDataChannel): void {
    this.channels.add(channel);
    channel.onopen = () => {
      this.opened = true;
      this.flush();
    };
    channel.onmessage = (event: MessageEvent) => {
      const message = parseDataMessage(event.data);
      if (message) this.onMessage(message);
    };
    channel.onclose = () => {
      this.channels.delete(channel);
      if (this.opened && !this.openChannel()) this.onGone();
    };
    if (channel.readyState === 'open') {
      this.opened = true;
      this.flush();
    }
  }

  send(message: DataMessage): void {
    const text = JSON.stringify(message);
    const channel = this.openChannel();
    if (channel) {
      channel.send(text);
      return;
    }
    this.queue.push(text);
    if (this.queue.length > QUEUE_LIMIT) this.queue.shift();
  }

  close(): void {
    for (const channel of this.channels) {
      channel.onopen = null;
      channel.onmessage = null;
      channel.onclose = null;
      channel.close();
    }
    this.channels.clear();
    this.queue = [];
  }

  private openChannel(): RTCDataChannel | undefined {
    for (const channel of this.channels) if (channel.readyState === 'open') return channel;
    return undefined;
  }

  private flush(): void {
    const channel = this.openChannel();
    if (!channel) return;
    const queued = this.queue;
    this.queue = [];
    for (const text of queued) channel.send(text);
  }
}
