import { isTrackName, type TrackName } from '@incontra/contracts/constants';

/**
 * What travels with each description: the names of the tracks I send, by transceiver mid
 * (camera and screen are both video: only the name tells them apart on the other side).
 */
export function sentTrackNames(senders: ReadonlyMap<TrackName, RTCRtpTransceiver>, sending: ReadonlySet<TrackName>): Record<string, TrackName> {
  const names: Record<string, TrackName> = {};
  for (const [name, transceiver] of senders) {
    if (transceiver.mid !== null && sending.has(name)) names[transceiver.mid] = name;
  }
  return names;
}

/** The peer's names by mid, keeping only names we know (a peer's message is input, not truth). */
export function parseTrackNames(raw: Record<string, string> | undefined): Map<string, TrackName> {
  const names = new Map<string, TrackName>();
  const seen = new Set<TrackName>();
  for (const [mid, name] of Object.entries(raw ?? {})) {
    if (!isTrackName(name) || seen.has(name)) continue;
    seen.add(name);
    names.set(mid, name);
  }
  return names;
}

function isReceiving(transceiver: RTCRtpTransceiver): boolean {
  return transceiver.currentDirection === 'sendrecv' || transceiver.currentDirection === 'recvonly';
}

/** The remote tracks that should be visible now: named by the peer and negotiated to flow to us. */
export function receivedTracks(transceivers: readonly RTCRtpTransceiver[], names: ReadonlyMap<string, TrackName>): Map<TrackName, MediaStreamTrack> {
  const tracks = new Map<TrackName, MediaStreamTrack>();
  for (const transceiver of transceivers) {
    const name = transceiver.mid === null ? undefined : names.get(transceiver.mid);
    if (name && isReceiving(transceiver)) tracks.set(name, transceiver.receiver.track);
  }
  return tracks;
}

/**
 * The DTLS fingerprint of a description. Every RTCPeerConnection has its own certificate, so a
 * new fingerprint from the same peer means it is talking from a new connection.
 */
export function sdpFingerprint(sdp: string | undefined): string | null {
  const match = sdp ? /^a=fingerprint:(.+)$/m.exec(sdp) : null;
  return match?.[1]?.trim() ?? null;
}
