import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadStore } from '../../uploads/upload-store';

/** What makes a replay: Janus' recordings folder and the two tools (config.janus.recordings). */
export interface ReplayTools {
  folder: string;
  janusPpRec: string;
  mkvmerge: string;
  /** Each tool run is given this long (then killed): an hour of video takes seconds. */
  timeoutMs?: number;
}

export const REPLAY_TOOL_TIMEOUT_MS = 5 * 60_000;
/** Files of one room looked at, at most (a folder shared by many rooms is read once a sweep). */
const FILES_SCANNED = 10_000;

/** A recorded stream: `videoroom-<room>-user-<feed>-<µs>-<audio|video>-<mid>.mjr`, VideoRoom 1.1's own naming. */
interface Recorded {
  file: string;
  feed: string;
  kind: 'audio' | 'video';
  bytes: number;
}

const STREAM = /^(.+)-(\d+)-(audio|video)-(\d+)\.mjr$/;

/** The room's recordings in the folder, with their sizes (streams of other rooms left alone). */
export async function roomRecordings(folder: string, room: string): Promise<Recorded[]> {
  const prefix = `videoroom-${room}-user-`;
  const names = (await readdir(folder)).filter((name) => name.startsWith(prefix)).slice(0, FILES_SCANNED);
  const found: Recorded[] = [];
  for (const name of names) {
    const match = STREAM.exec(name.slice(prefix.length));
    if (!match) continue;
    found.push({ file: path.join(folder, name), feed: match[1]!, kind: match[3] as 'audio' | 'video', bytes: (await stat(path.join(folder, name))).size });
  }
  return found;
}

/**
 * The presenter's streams the replay is made of: the feed with the most video recorded (the one
 * who presented longest), its largest video stream and its largest audio stream (if any).
 */
export function mainStreams(recorded: readonly Recorded[]): { video: Recorded; audio: Recorded | null } | null {
  const largest = (items: readonly Recorded[]) => items.reduce<Recorded | null>((best, item) => (best && best.bytes >= item.bytes ? best : item), null);
  const video = largest(recorded.filter((item) => item.kind === 'video'));
  if (!video) return null;
  return { video, audio: largest(recorded.filter((item) => item.kind === 'audio' && item.feed === video.feed)) };
}

/** Runs a tool to its end (killed at the deadline); `warnings` are exit codes that still mean done (mkvmerge's 1). */
function run(tool: string, args: string[], timeoutMs: number, warnings: readonly number[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && !(typeof error.code === 'number' && warnings.includes(error.code))) {
        reject(new Error(`${path.basename(tool)} failed: ${(stderr || stdout || error.message).toString().trim().slice(-500)}`));
      } else resolve(stdout.toString());
    });
  });
}

/** When the recording's first packet was written (µs), from the .mjr header janus-pp-rec prints. */
async function firstPacketAt(tools: ReplayTools, file: string, timeoutMs: number): Promise<number> {
  const output = await run(tools.janusPpRec, ['-j', file], timeoutMs);
  const header = output.trim().split('\n').at(-1) ?? '{}';
  const parsed = JSON.parse(header) as { u?: number; s?: number };
  return Number(parsed.u ?? parsed.s ?? 0);
}

/**
 * One replay: the main presenter's video (VP8 → WebM) and audio (Opus → Matroska audio) extracted
 * by janus-pp-rec, laid on one timeline (each delayed by when its first packet was written) and
 * muxed by mkvmerge into one WebM, which goes to the uploads store. Answers its key and size, and
 * the room's recordings (for the caller to remove once the replay is recorded as ready). Throws
 * with the tool's words when one fails.
 */
export async function makeReplay(tools: ReplayTools, uploads: UploadStore, room: string): Promise<{ key: string; bytes: number; recordings: string[] }> {
  const timeoutMs = tools.timeoutMs ?? REPLAY_TOOL_TIMEOUT_MS;
  const recorded = await roomRecordings(tools.folder, room);
  const streams = mainStreams(recorded);
  if (!streams) throw new Error('no video was recorded');
  const work = await mkdtemp(path.join(tmpdir(), 'incontra-replay-'));
  try {
    const video = path.join(work, 'video.webm');
    const audio = path.join(work, 'audio.mka');
    const output = path.join(work, 'replay.webm');
    // Errors only (-d 2): its progress is not ours to keep.
    await run(tools.janusPpRec, ['-d', '2', streams.video.file, video], timeoutMs);
    const videoStart = await firstPacketAt(tools, streams.video.file, timeoutMs);
    const args = ['--quiet', '--webm', '-o', output];
    if (streams.audio) {
      await run(tools.janusPpRec, ['-d', '2', streams.audio.file, audio], timeoutMs);
      const audioStart = await firstPacketAt(tools, streams.audio.file, timeoutMs);
      const start = Math.min(videoStart, audioStart);
      args.push('--sync', `0:${Math.round((videoStart - start) / 1000)}`, video, '--sync', `0:${Math.round((audioStart - start) / 1000)}`, audio);
    } else {
      args.push(video);
    }
    await run(tools.mkvmerge, args, timeoutMs, [1]);
    const bytes = (await stat(output)).size;
    const key = await uploads.put(createReadStream(output));
    return { key, bytes, recordings: recorded.map((item) => item.file) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The room's recordings, once its replay is ready: they take the space of the replay again. */
export async function removeRecordings(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file, { force: true })));
}
