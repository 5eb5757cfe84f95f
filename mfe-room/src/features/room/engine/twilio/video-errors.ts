/**
 * Twilio Video's numeric error codes (spec section 8) and its signalling socket's close codes, as
 * categories the UI turns into Italian. A few codes get a category of their own because the UI
 * says something specific about them.
 */
export type VideoErrorCategory =
  | 'access-token'
  | 'signalling'
  | 'room'
  | 'room-full'
  | 'room-completed'
  | 'participant'
  | 'duplicate-identity'
  | 'track'
  | 'media'
  | 'configuration'
  | 'timeout'
  | 'failed'
  | 'busy'
  | 'unknown';

const RANGES: ReadonlyArray<readonly [from: number, to: number, category: VideoErrorCategory]> = [
  [20101, 20107, 'access-token'],
  [53000, 53006, 'signalling'],
  [53100, 53125, 'room'],
  [53200, 53205, 'participant'],
  [53300, 53305, 'track'],
  [53400, 53407, 'media'],
  [53500, 53501, 'configuration'],
];

const SPECIFIC: Readonly<Record<number, VideoErrorCategory>> = {
  53105: 'room-full',
  53118: 'room-completed',
  53205: 'duplicate-identity',
};

/** twilio-video's signalling WebSocket close codes (its TwilioConnection's own mapping). */
const WEBSOCKET_CLOSE: Readonly<Record<number, VideoErrorCategory>> = {
  3000: 'timeout', // welcome timeout
  3001: 'timeout', // heartbeats missed
  3002: 'failed', // hello failed
  3003: 'failed', // send failed
  3004: 'timeout', // network changed
  3005: 'busy', // busy, wait and retry
  3006: 'busy', // server busy
  3007: 'timeout', // open timeout
};

export function videoErrorCategory(code: number | null | undefined): VideoErrorCategory {
  if (typeof code !== 'number') return 'unknown';
  const specific = SPECIFIC[code] ?? WEBSOCKET_CLOSE[code];
  if (specific) return specific;
  return RANGES.find(([from, to]) => code >= from && code <= to)?.[2] ?? 'unknown';
}

/** The numeric `code` of a TwilioError (or of any error carrying one). */
export function videoErrorCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'number' ? error.code : undefined;
}

export function videoErrorCategoryOf(error: unknown): VideoErrorCategory {
  return videoErrorCategory(videoErrorCodeOf(error));
}
