import { createLifecycles } from '@incontra/mfe-kit/create-lifecycles';
import { App } from './app/app';
import { loadTwilioMedia } from './features/room/media/twilio-media';

export const { bootstrap, mount, unmount } = createLifecycles(App);

/** Ahead of a visit (a visitor waiting for staff): the media library the pre-join starts with. */
export const preload = () => loadTwilioMedia();
