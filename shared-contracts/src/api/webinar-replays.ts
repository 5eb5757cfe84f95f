import * as z from 'zod/mini';

/**
 * A webinar's replay (Janus only: the built-in mesh and Twilio do not record). A presenter turns
 * the recording on in the live session; after the end the recording becomes one WebM file, offered
 * to staff (GET /api/webinar/{id}/replay: watch, download, delete) and to registrants
 * (GET /api/webinar-reservation/{id}/replay) through signed links that expire.
 */
export const WEBINAR_REPLAY_STATUSES = ['unavailable', 'none', 'recording', 'processing', 'ready', 'failed'] as const;
export type WebinarReplayStatus = (typeof WEBINAR_REPLAY_STATUSES)[number];

/** How long a replay link works after it was handed out. */
export const REPLAY_LINK_TTL_SECONDS = 6 * 60 * 60;

export const webinarReplaySchema = z.object({
  /**
   * `unavailable`: this engine does not record; `none`: not recorded; `recording`: a presenter
   * records now (or did, the webinar not over); `processing`: being made into a file after the end;
   * `ready`; `failed` (said plainly; staff may delete it).
   */
  status: z.enum(WEBINAR_REPLAY_STATUSES),
  /** Ready: the signed link that plays it (inline) and the one that downloads it, valid until `expiresAt`. */
  watchUrl: z.nullable(z.string()),
  downloadUrl: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  bytes: z.nullable(z.int()),
});
export type WebinarReplay = z.infer<typeof webinarReplaySchema>;
