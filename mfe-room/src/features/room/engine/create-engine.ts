import type { VideoProvider } from '@incontra/contracts/api/video-room';
import { LocalEngine } from './local/local-engine';
import type { VideoEngine } from './types';

/**
 * The engine the join response asks for. twilio-video's connect code is a separate chunk,
 * loaded only for Twilio rooms; the local engine is small and always there.
 */
export async function createEngine(provider: VideoProvider): Promise<VideoEngine> {
  if (provider === 'twilio') {
    const { TwilioEngine } = await import('./twilio/twilio-engine');
    return new TwilioEngine();
  }
  return new LocalEngine();
}
