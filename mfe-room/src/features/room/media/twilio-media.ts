import type { CreateLocalAudioTrackOptions, CreateLocalTrackOptions, LocalAudioTrack, LocalVideoTrack } from 'twilio-video';

/** The two twilio-video functions local media needs; tests hand in fakes. */
export interface TwilioMediaApi {
  createLocalVideoTrack(options: CreateLocalTrackOptions): Promise<LocalVideoTrack>;
  createLocalAudioTrack(options: CreateLocalAudioTrackOptions): Promise<LocalAudioTrack>;
}

/** twilio-video arrives in its own chunk when a room's media start, never with the route's code. */
export async function loadTwilioMedia(): Promise<TwilioMediaApi> {
  const video = await import(/* webpackChunkName: "twilio-video" */ 'twilio-video');
  return { createLocalVideoTrack: video.createLocalVideoTrack, createLocalAudioTrack: video.createLocalAudioTrack };
}
