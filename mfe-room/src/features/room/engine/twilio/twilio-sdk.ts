import type { ConnectOptions, LocalDataTrack, Room } from 'twilio-video';

/** What the Twilio engine takes from twilio-video; tests hand in a fake room. */
export interface TwilioSdk {
  /** twilio-video answers a CancelablePromise: `cancel` abandons a connection under way. */
  connect(token: string, options: ConnectOptions): Promise<Room> & { cancel?: () => void };
  createDataTrack(): LocalDataTrack;
}

/** The same twilio-video chunk local media loads: already there when a room connects. */
export async function loadTwilioSdk(): Promise<TwilioSdk> {
  const video = await import(/* webpackChunkName: "twilio-video" */ 'twilio-video');
  return { connect: (token, options) => video.connect(token, options), createDataTrack: () => new video.LocalDataTrack() };
}
