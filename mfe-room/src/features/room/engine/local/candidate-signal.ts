import type { SignalPayload } from '@incontra/contracts/realtime/signalling';

/** A gathered ICE candidate as the signalling relays it (the contract's shape: every field present). */
export function candidateSignal(candidate: RTCIceCandidate): SignalPayload {
  const init = candidate.toJSON();
  return {
    candidate: {
      candidate: init.candidate ?? '',
      sdpMid: init.sdpMid ?? null,
      sdpMLineIndex: init.sdpMLineIndex ?? null,
      usernameFragment: init.usernameFragment ?? null,
    },
  };
}
