/** Business constants of the spec (section 9) as named values. */
export const UNLIMITED = -1;

export const TOASTS = {
  limit: 20,
  durationMs: 4000,
  successDurationMs: 2000,
  maxWidthPx: 350,
  position: 'top-right',
  gutterPx: 16,
} as const;

export const BREAKPOINTS = {
  phoneSmall: 320,
  phone: 640,
  tablet: 768,
  laptop: 1024,
  desktopSmall: 1100,
  desktop: 1440,
  customDesktop: 1660,
  desktopLarge: 1920,
} as const;

export const LAYOUT = {
  headerPx: 60,
  roomHeaderPx: 55,
  roomFooterPx: 60,
  frontendSpacePx: 16,
  borderRadiusPx: 8,
  pageHeaderBottomMarginPx: 36,
} as const;

/**
 * Shell ↔ remote layout contract: while a fixed layer of the shell sits on the bottom edge (the
 * cookie banner), the shell sets `property` on <html> to its height. A remote's full-height layout
 * or fixed bottom bar uses `css` (0px under a shell that never sets it), so no shell layer covers
 * its controls.
 */
export const SHELL_BOTTOM_INSET = {
  property: '--shell-bottom-inset',
  css: 'var(--shell-bottom-inset, 0px)',
} as const;

export const DATA_CACHE = {
  errorRetryMs: 5000,
  errorRetrySlowMs: 10000,
  dedupeMs: 2000,
  focusThrottleMs: 5000,
} as const;

export const TRANSLATION_LOADING = {
  retries: 5,
  baseDelayMs: 350,
  parallelReads: 10,
} as const;

export const CAMERA_CAPTURE = { width: 1280, height: 720, frameRate: 24 } as const;
export const TRACK_PUBLISH_RETRY_DELAY_MS = 500;
export const TRACK_PUBLISH_RETRY_CODE = 53304;

export const ERROR_REPORT_FLUSH_MS = 2000;

export const SESSION = {
  cookieName: 'incontra_sid',
  csrfCookieName: 'incontra_csrf',
  csrfHeaderName: 'x-csrf-token',
  /**
   * Over https both cookies carry this prefix: the browser then accepts them only when Secure,
   * for path / and without a Domain, so a sibling subdomain cannot plant or overwrite them.
   */
  secureCookiePrefix: '__Host-',
  /** A session unused for this long is dead. */
  idleTimeoutMs: 2 * 60 * 60 * 1000,
  /** A session older than this is dead, however busy. */
  absoluteTimeoutMs: 12 * 60 * 60 * 1000,
} as const;

export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const COOKIE_CONSENT_STORAGE_KEY = 'incontra.cookie-consent-status';
/** The cookie banner's 'Scopri di più' when the company has not set a privacy policy page of its own. */
export const DEFAULT_PRIVACY_POLICY_URL = 'https://www.garanteprivacy.it/temi/cookie';

/** The names tracks are published under, in every engine. */
export const TRACK_NAMES = { camera: 'camera', audio: 'audio', screen: 'screen', screenAudio: 'screen-audio' } as const;
export type TrackName = (typeof TRACK_NAMES)[keyof typeof TRACK_NAMES];
const TRACK_NAME_SET: ReadonlySet<string> = new Set(Object.values(TRACK_NAMES));
export function isTrackName(value: string): value is TrackName {
  return TRACK_NAME_SET.has(value);
}

/** Background effects (spec section 9). */
export const BACKGROUND_EFFECTS = {
  blurMaskBlurRadius: 10,
  blurFilterRadius: 15,
  virtualBackgroundMaskBlurRadius: 5,
  segmentationWidth: 256,
  segmentationHeight: 144,
} as const;

/** Video provider timings of the spec (section 9). */
export const VIDEO_PROVIDER = {
  preflightMs: 10_000,
  statsIntervalMs: 10_000,
  publishMaxAttempts: 5,
  sessionTimeoutMs: 30_000,
  iceGatheringTimeoutMs: 15_000,
  websocketOpenTimeoutMs: 15_000,
  welcomeTimeoutMs: 5000,
  maxMissedHeartbeats: 3,
  reconnectBackoffFactor: 1.5,
} as const;
