// A process of lightweight webinar viewers for bench/webinar.mjs: werift peers that receive a
// presenter's video without decoding it, each counting the frames that reach it (an RTP packet with
// the marker bit ends a VP8 frame; a retransmitted one is counted once). Driven over IPC by the
// bench (child_process.fork): every request carries an `id`, the answer repeats it.
//   {type: 'janus', url, room, pin, feed}  → a subscriber of `feed` in the Janus VideoRoom `room`
//   {type: 'mesh', offer}                  → a peer answering a presenter's offer directly ({answer})
//   {type: 'frames'}                       → the frames each viewer has received so far ({frames: []})
//   {type: 'close'}                        → every viewer closed; the process ends once it has answered
import { RTCPeerConnection } from 'werift';
import WebSocket from 'ws';

/** No request to Janus, and no negotiation, may take longer than this. */
const TIMEOUT_MS = 20_000;
/** Janus ends a session idle for 60 s. */
const KEEPALIVE_MS = 20_000;

const viewers = [];

function withTimeout(promise, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    }),
  ]);
}

/** A receiving peer and its frame count. */
function countingPeer() {
  const pc = new RTCPeerConnection({});
  const viewer = { pc, frames: 0, close: () => pc.close() };
  let lastTimestamp = -1;
  pc.onTrack.subscribe((track) => {
    if (track.kind !== 'video') return;
    track.onReceiveRtp.subscribe((rtp) => {
      if (!rtp.header.marker || rtp.header.timestamp === lastTimestamp) return;
      lastTimestamp = rtp.header.timestamp;
      viewer.frames += 1;
    });
  });
  return viewer;
}

/** The local description once every candidate is in it (no trickle: one message each way). */
async function gatheredAnswer(pc, offer) {
  await pc.setRemoteDescription(offer);
  await pc.setLocalDescription(await pc.createAnswer());
  if (pc.iceGatheringState !== 'complete') {
    await withTimeout(
      new Promise((resolve) => {
        const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
          if (state !== 'complete') return;
          unSubscribe();
          resolve();
        });
      }),
      'ICE gathering',
    );
  }
  return { type: 'answer', sdp: pc.localDescription.sdp };
}

/** Janus' API over its WebSocket, plain JSON: requests by transaction, asynchronous ones answered by their event. */
async function janusSession(url) {
  const socket = new WebSocket(url, 'janus-protocol', { handshakeTimeout: TIMEOUT_MS });
  await withTimeout(
    new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    }),
    'Janus WebSocket',
  );
  const pending = new Map();
  let next = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const waiting = pending.get(message.transaction);
    if (!waiting || (message.janus === 'ack' && waiting.event)) return;
    pending.delete(message.transaction);
    const failure = message.error?.reason ?? message.plugindata?.data?.error;
    if (failure) waiting.reject(new Error(failure));
    else waiting.resolve(message);
  });
  const send = (message, event = false) =>
    withTimeout(
      new Promise((resolve, reject) => {
        const transaction = `t${(next += 1)}`;
        pending.set(transaction, { resolve, reject, event });
        socket.send(JSON.stringify({ ...message, transaction }));
      }),
      `Janus ${message.janus}`,
    );
  const session = (await send({ janus: 'create' })).data.id;
  const handle = (await send({ janus: 'attach', session_id: session, plugin: 'janus.plugin.videoroom' })).data.id;
  const keepAlive = setInterval(() => send({ janus: 'keepalive', session_id: session }).catch(() => undefined), KEEPALIVE_MS);
  return {
    message: (body, jsep, event = true) => send({ janus: 'message', session_id: session, handle_id: handle, body, ...(jsep ? { jsep } : {}) }, event),
    close: () => {
      clearInterval(keepAlive);
      socket.close();
    },
  };
}

async function janusViewer({ url, room, pin, feed }) {
  const janus = await janusSession(url);
  const viewer = countingPeer();
  try {
    const joined = await janus.message({ request: 'join', ptype: 'subscriber', room, pin, streams: [{ feed }] });
    if (!joined.jsep) throw new Error('Janus sent no offer to the subscriber');
    const answer = await gatheredAnswer(viewer.pc, joined.jsep);
    await janus.message({ request: 'start', room }, answer);
  } catch (error) {
    viewer.close();
    janus.close();
    throw error;
  }
  const closePeer = viewer.close;
  viewer.close = () => {
    closePeer();
    janus.close();
  };
  return viewer;
}

async function meshViewer({ offer }) {
  const viewer = countingPeer();
  const answer = await gatheredAnswer(viewer.pc, { type: 'offer', sdp: offer });
  return { viewer, answer: answer.sdp };
}

/** A viewer's place, taken when it is asked for: the viewers stay in the order they were asked for. */
async function seated(make) {
  const index = viewers.push(null) - 1;
  const { viewer, answer } = await make();
  viewers[index] = viewer;
  return answer;
}

async function handle(request) {
  switch (request.type) {
    case 'janus':
      await seated(async () => ({ viewer: await janusViewer(request), answer: {} }));
      return {};
    case 'mesh':
      return { answer: await seated(() => meshViewer(request)) };
    case 'frames':
      return { frames: viewers.map((viewer) => viewer?.frames ?? 0) };
    case 'close':
      for (const viewer of viewers.splice(0)) viewer?.close();
      return {};
    default:
      throw new Error(`unknown request ${request.type}`);
  }
}

process.on('message', (request) => {
  // After `close` has been answered, the process ends.
  const sent = () => request.type === 'close' && process.exit(0);
  handle(request).then(
    (answer) => process.send({ id: request.id, ...answer }, sent),
    (error) => process.send({ id: request.id, error: String(error?.message ?? error) }, sent),
  );
});
process.on('disconnect', () => process.exit(0));
