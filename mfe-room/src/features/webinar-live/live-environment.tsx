import { createContext, useContext } from 'react';
import type { SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import type { TwilioVideoApi } from './media/twilio/twilio-live-media';

/**
 * What the live session takes from the browser: the socket, the peer connections, the camera
 * and microphone. The page uses the browser's own; tests hand in stand-ins here.
 */
export interface LiveEnvironment {
  createSocket?: (url: string) => SocketLike;
  /** Janus' WebSocket (subprotocol `janus-protocol`). */
  createJanusSocket?: (url: string) => SocketLike;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  /** twilio-video, for webinars on Twilio (loaded in its own chunk otherwise). */
  loadTwilioVideo?: () => Promise<TwilioVideoApi>;
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  /** The screen (or a window) the presenter picks to share. */
  getDisplayMedia: (constraints: DisplayMediaStreamOptions) => Promise<MediaStream>;
}

const browserEnvironment: LiveEnvironment = {
  getUserMedia: (constraints) => {
    if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('getUserMedia is not available'));
    return navigator.mediaDevices.getUserMedia(constraints);
  },
  getDisplayMedia: (constraints) => {
    if (!navigator.mediaDevices?.getDisplayMedia) return Promise.reject(new Error('getDisplayMedia is not available'));
    return navigator.mediaDevices.getDisplayMedia(constraints);
  },
};

export const LiveEnvironmentContext = createContext<LiveEnvironment>(browserEnvironment);

export const useLiveEnvironment = () => useContext(LiveEnvironmentContext);
