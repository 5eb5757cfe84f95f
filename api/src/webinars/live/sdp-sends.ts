/**
 * What a session description says its sender will send, by media kind: a media section sends when
 * its port is not 0 and its direction (its own attribute, else the session's, else sendrecv by
 * RFC 4566) is sendrecv or sendonly. The live session relays a viewer's descriptions only when
 * they send no video, and audio only while the viewer is invited to speak.
 */
export interface SentMedia {
  audio: boolean;
  video: boolean;
}

const DIRECTIONS = new Set(['sendrecv', 'sendonly', 'recvonly', 'inactive']);
const SENDING = new Set(['sendrecv', 'sendonly']);
/** More media sections than any description of ours has: the rest is not read (bounded work). */
const MAX_SECTIONS = 64;

export function sentMedia(sdp: string): SentMedia {
  const sent: SentMedia = { audio: false, video: false };
  let sessionDirection = 'sendrecv';
  let sections = 0;
  let section: { kind: string; disabled: boolean; direction: string | null } | null = null;
  const close = () => {
    if (!section || section.disabled) return;
    const direction = section.direction ?? sessionDirection;
    if (!SENDING.has(direction)) return;
    // Any kind other than audio (video, application with media, an unknown one) counts as video.
    if (section.kind === 'audio') sent.audio = true;
    else if (section.kind !== 'application') sent.video = true;
  };
  for (const raw of sdp.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('m=')) {
      close();
      sections += 1;
      if (sections > MAX_SECTIONS) {
        // Too many to be ours: counted as sending everything, so it is refused.
        return { audio: true, video: true };
      }
      const [kind = '', port = ''] = line.slice(2).split(' ');
      section = { kind, disabled: port === '0', direction: null };
      continue;
    }
    if (!line.startsWith('a=')) continue;
    const attribute = line.slice(2);
    if (!DIRECTIONS.has(attribute)) continue;
    if (section) section.direction = attribute;
    else sessionDirection = attribute;
  }
  close();
  return sent;
}
