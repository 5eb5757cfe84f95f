import { EMPTY_VIEW, type LiveMedia, type MediaView } from './live-media';

/**
 * The media of a credential this page cannot carry (an engine it does not know, or one without its
 * seat): nothing is sent or received, and the page says so; questions, chat and hands go on
 * through the live session.
 */
export class UnsupportedMedia implements LiveMedia {
  get view(): MediaView {
    return EMPTY_VIEW;
  }

  onChange(): () => void {
    return () => undefined;
  }

  sync(): void {}

  rejoined(): void {}

  handleSignal(): void {}

  setLocalTracks(): void {}

  setVoice(): void {}

  close(): void {}
}
