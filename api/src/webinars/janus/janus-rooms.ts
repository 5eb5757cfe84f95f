import { JanusConnection, VideoRoomHandle, JANUS_REQUEST_TIMEOUT_MS } from './janus-client';

/** Sessions one search through the Admin API looks at, and handles per session (a browser holds a few). */
const SESSIONS_SCANNED = 5000;
const HANDLES_SCANNED = 16;

/** Where our API reaches Janus, and the secrets it alone holds (never sent to a browser). */
export interface JanusAccess {
  /** JANUS_URL: the Janus API's WebSocket. */
  url: string;
  /** JANUS_ADMIN_URL: the Admin API's WebSocket. */
  adminUrl: string;
  /** JANUS_ADMIN_KEY: the VideoRoom plugin's admin_key (room creation). */
  adminKey: string;
  /** JANUS_ADMIN_SECRET: the Admin API's secret (sessions). */
  adminSecret: string;
  timeoutMs?: number;
}

export interface JanusRoomSpec {
  /** The room's id (string ids): one per webinar. */
  room: string;
  description: string;
  /** Destroy, kick and `allowed` need it: kept by the API per room. */
  secret: string;
  /** What viewers join with. */
  pin: string;
  /** Participants publishing at once (presenters, plus one invited to speak). */
  publishers: number;
  /** Only these tokens may join as publishers (granted at a presenter's join). */
  allowed: string[];
  /**
   * Where the publishers' streams are recorded (the replay) once recording is turned on
   * (`setRecording`): the room is created not recording.
   */
  recDir?: string;
}

/**
 * The VideoRoom rooms of webinars, through Janus' API with the plugin's admin key and each room's
 * secret, and the sessions through the Admin API (VideoRoom 1.1.2 cannot kick a viewer: its
 * session is destroyed). Each call opens its own short session (every request bounded by
 * `timeoutMs`) and closes it: the control plane is a handful of calls per webinar.
 */
export class JanusRooms {
  private readonly timeoutMs: number;

  constructor(private readonly access: JanusAccess) {
    this.timeoutMs = access.timeoutMs ?? JANUS_REQUEST_TIMEOUT_MS;
  }

  async create(spec: JanusRoomSpec): Promise<void> {
    await this.withHandle((handle) =>
      handle.send({
        request: 'create',
        admin_key: this.access.adminKey,
        room: spec.room,
        description: spec.description.slice(0, 100),
        secret: spec.secret,
        pin: spec.pin,
        publishers: spec.publishers,
        allowed: spec.allowed,
        is_private: true,
        permanent: false,
        record: false,
        ...(spec.recDir ? { rec_dir: spec.recDir } : {}),
      }),
    );
  }

  async destroy(room: string, secret: string): Promise<void> {
    await this.withHandle((handle) => handle.send({ request: 'destroy', room, secret, permanent: false }));
  }

  async exists(room: string): Promise<boolean> {
    const data = await this.withHandle((handle) => handle.send({ request: 'exists', room }));
    return data.exists === true;
  }

  /** Grants (`add`) or revokes (`remove`) publisher tokens of the room. */
  async allow(room: string, secret: string, action: 'add' | 'remove', tokens: string[]): Promise<string[]> {
    const data = await this.withHandle((handle) => handle.send({ request: 'allowed', room, secret, action, allowed: tokens }));
    return Array.isArray(data.allowed) ? (data.allowed as string[]) : [];
  }

  /** The room's participants as Janus lists them (publishers). */
  async participants(room: string): Promise<{ id: string | number; display?: string; publisher: boolean }[]> {
    const data = await this.withHandle((handle) => handle.send({ request: 'listparticipants', room }));
    return (data.participants as { id: string | number; display?: string; publisher: boolean }[] | undefined) ?? [];
  }

  /** Starts or stops recording every publisher of the room (into the room's `rec_dir`). */
  async setRecording(room: string, secret: string, on: boolean): Promise<void> {
    await this.withHandle((handle) => handle.send({ request: 'enable_recording', room, secret, record: on }));
  }

  /** Puts a participant (a publisher) out of the room. */
  async kick(room: string, secret: string, id: string | number): Promise<void> {
    await this.withHandle((handle) => handle.send({ request: 'kick', room, secret, id }));
  }

  /** The Janus sessions open now (Admin API). */
  async sessions(): Promise<number[]> {
    const answer = await this.withAdmin((admin) => admin.request({ janus: 'list_sessions', admin_secret: this.access.adminSecret }));
    return (answer.sessions as number[] | undefined) ?? [];
  }

  /** Sets the viewers' pin anew (those already in stay; whoever joins next needs the new one). */
  async changePin(room: string, secret: string, pin: string): Promise<void> {
    await this.withHandle((handle) => handle.send({ request: 'edit', room, secret, new_pin: pin }));
  }

  /**
   * Ends every session holding a handle labelled `opaqueId` (a removed viewer's browser), found
   * and destroyed over one Admin API connection: each session's handles and their info, at most
   * SESSIONS_SCANNED sessions looked at. Answers the sessions ended.
   */
  async endSessionsLabelled(opaqueId: string): Promise<number[]> {
    return this.withAdmin(async (admin) => {
      const secret = this.access.adminSecret;
      const listed = await admin.request({ janus: 'list_sessions', admin_secret: secret });
      const ended: number[] = [];
      for (const sessionId of ((listed.sessions as number[] | undefined) ?? []).slice(0, SESSIONS_SCANNED)) {
        if (!(await this.holdsLabel(admin, sessionId, opaqueId))) continue;
        await admin.request({ janus: 'destroy_session', session_id: sessionId, admin_secret: secret });
        ended.push(sessionId);
      }
      return ended;
    });
  }

  private async holdsLabel(admin: JanusConnection, sessionId: number, opaqueId: string): Promise<boolean> {
    const secret = this.access.adminSecret;
    // A session gone meanwhile answers an error: it holds nothing.
    const handles = await admin.request({ janus: 'list_handles', session_id: sessionId, admin_secret: secret }).catch(() => ({ handles: [] }));
    for (const handleId of ((handles as { handles?: number[] }).handles ?? []).slice(0, HANDLES_SCANNED)) {
      const info = await admin.request({ janus: 'handle_info', session_id: sessionId, handle_id: handleId, admin_secret: secret }).catch(() => null);
      if ((info?.info as { opaque_id?: string } | undefined)?.opaque_id === opaqueId) return true;
    }
    return false;
  }

  /** Ends a session and everything it holds (a removed viewer's subscription) through the Admin API. */
  async destroySession(sessionId: number): Promise<void> {
    await this.withAdmin((admin) => admin.request({ janus: 'destroy_session', session_id: sessionId, admin_secret: this.access.adminSecret }));
  }

  private async withHandle<T>(call: (handle: VideoRoomHandle) => Promise<T>): Promise<T> {
    const handle = await VideoRoomHandle.open(this.access.url, { timeoutMs: this.timeoutMs });
    try {
      return await call(handle);
    } finally {
      await handle.close();
    }
  }

  private async withAdmin<T>(call: (admin: JanusConnection) => Promise<T>): Promise<T> {
    const admin = await JanusConnection.open(this.access.adminUrl, { admin: true, timeoutMs: this.timeoutMs });
    try {
      return await call(admin);
    } finally {
      admin.close();
    }
  }
}
