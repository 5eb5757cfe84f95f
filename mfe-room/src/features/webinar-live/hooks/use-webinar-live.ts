import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { WebinarJoin } from '@incontra/contracts/api/webinars';
import { dropWebinarJoin } from '@incontra/mfe-kit/webinar-join-handoff';
import { EMPTY_VIEW, type LiveMedia, type MediaView, type Roster } from '../media/live-media';
import { JanusMedia } from '../media/janus/janus-media';
import { MeshMedia } from '../media/mesh-media';
import { TwilioLiveMedia } from '../media/twilio/twilio-live-media';
import { UnsupportedMedia } from '../media/unsupported-media';
import { useLiveEnvironment, type LiveEnvironment } from '../live-environment';
import { WebinarLiveClient, type LiveAction, type LiveEnd } from '../session/live-client';
import { initialLiveState, liveReducer, type LiveEvent, type LiveState } from '../session/live-state';

export type LiveConnection = 'connecting' | 'up' | 'down';

export interface WebinarLive {
  state: LiveState;
  connection: LiveConnection;
  /** Why the session is over for this page (the server's reason, or `left` by our own choice); null while it runs. */
  end: LiveEnd | 'left' | null;
  view: MediaView;
  media: LiveMedia | null;
  /** Sends an action; false when the socket is down (the participant is told so). */
  act(action: LiveAction): boolean;
  leave(): void;
}

/** The engine the credential names: Janus at the address it carries, Twilio's group room, the built-in mesh through the session's socket. */
function mediaFor(join: WebinarJoin, client: WebinarLiveClient, env: LiveEnvironment): LiveMedia {
  if (join.engine === 'janus' && join.janus) {
    return new JanusMedia({
      janus: join.janus,
      role: join.role,
      seat: join.seat,
      createSocket: env.createJanusSocket,
      createPeerConnection: env.createPeerConnection,
    });
  }
  if (join.engine === 'twilio' && join.twilio) {
    return new TwilioLiveMedia({
      twilio: join.twilio,
      report: (participant) => client.act({ type: 'media-joined', participant }),
      load: env.loadTwilioVideo,
    });
  }
  if (join.engine === 'local')
    return new MeshMedia({ send: (to, data) => client.act({ type: 'signal', to, data }), createPeerConnection: env.createPeerConnection });
  return new UnsupportedMedia();
}

function rosterChanged(before: LiveState, after: LiveState): boolean {
  return after.self !== before.self || after.attendees !== before.attendees || after.speaker !== before.speaker;
}

const rosterOf = (state: LiveState): Roster | null => (state.self ? { self: state.self, attendees: state.attendees, speaker: state.speaker } : null);

/**
 * One participant's live session: the socket, the state it keeps, and the media engine the join
 * names. The state is applied as each message arrives, and the media told of a new roster at
 * once — a presenter's offer right behind its `joined` must find it — then rendered. Started once
 * per credential (the page keeps the credential's object for the visit), ended on leaving or
 * unmounting.
 */
export function useWebinarLive(join: WebinarJoin): WebinarLive {
  const environment = useLiveEnvironment();
  const latest = useRef<LiveState>(initialLiveState);
  const [state, setState] = useState<LiveState>(initialLiveState);
  const [connection, setConnection] = useState<LiveConnection>('connecting');
  const [end, setEnd] = useState<LiveEnd | 'left' | null>(null);
  const [session, setSession] = useState<{ client: WebinarLiveClient; media: LiveMedia } | null>(null);

  const apply = useCallback((event: LiveEvent, media?: LiveMedia) => {
    const before = latest.current;
    const after = liveReducer(before, event);
    latest.current = after;
    const roster = rosterOf(after);
    if (media && roster && rosterChanged(before, after)) media.sync(roster);
    setState(after);
  }, []);

  useEffect(() => {
    const client = new WebinarLiveClient({ token: join.token, createSocket: environment.createSocket });
    const media = mediaFor(join, client, environment);
    const off = [
      client.on('message', (message) => {
        if (message.type === 'signal') return media.handleSignal(message.from, message.data);
        if (message.type === 'joined') media.rejoined(message.attendee.seat);
        apply({ type: 'server', message }, media);
      }),
      client.on('connected', (up) => setConnection(up ? 'up' : 'down')),
      client.on('ended', (reason) => {
        // A credential that cannot open the session again is forgotten; after a replacement it still can.
        if (reason !== 'replaced' && reason !== 'too-many-connections') dropWebinarJoin(join.webinarId);
        setEnd(reason);
        media.close();
      }),
    ];
    setSession({ client, media });
    client.start();
    return () => {
      for (const unsubscribe of off) unsubscribe();
      client.close();
      media.close();
      setSession(null);
    };
  }, [join, environment, apply]);

  const media = session?.media ?? null;
  const view = useSyncExternalStore(
    useCallback((listener: () => void) => media?.onChange(listener) ?? (() => undefined), [media]),
    () => media?.view ?? EMPTY_VIEW,
  );

  const client = session?.client ?? null;
  const act = useCallback(
    (action: LiveAction) => {
      const sent = client?.act(action) ?? false;
      if (sent && action.type === 'vote') apply({ type: 'voted', question: action.question, up: action.up });
      return sent;
    },
    [client, apply],
  );
  const leave = useCallback(() => {
    client?.close();
    media?.close();
    setEnd('left');
  }, [client, media]);

  return { state, connection, end, view, media, act, leave };
}
