import fp from 'fastify-plugin';
import type { ClusterSignalling, OnMemberGone } from './cluster-signalling';
import { startSignalling, type SignallingClusterTuning } from './cluster-signalling-setup';
import { MemberGoneRelay } from './member-gone-relay';

/** The rooms' signalling as the lobby, the video room and the sockets use it. */
export interface Signalling {
  /** This process's rooms (each run by the process holding its lease, bridged elsewhere). */
  rooms: ClusterSignalling;
  /** Once, by the lobby (built after the rooms): who hears that a member is gone for good. */
  onMemberGone(handler: OnMemberGone): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    signalling: Signalling;
  }
}

export interface SignallingPluginOptions {
  /** How long a lost signalling socket keeps its seat (the contract's value otherwise). */
  graceMs?: number;
  /** Shorter room leases and timers, and a key prefix of the test run (with REDIS_URL only). */
  tuning?: SignallingClusterTuning;
}

/**
 * Plugin `signalling`: the rooms of the built-in video engine, started before the lobby (which
 * asks them about seats) and shut down when the app closes (after the sockets, registered later).
 */
export const signallingPlugin = fp<SignallingPluginOptions>(
  async (app, { graceMs, tuning }) => {
    const membersGone = new MemberGoneRelay();
    const rooms = await startSignalling({ config: app.config, pubsub: app.pubsub, log: app.log, graceMs, tuning, onMemberGone: membersGone.notify });
    app.addHook('onClose', () => rooms.shutdown());
    app.decorate('signalling', { rooms, onMemberGone: (handler: OnMemberGone) => membersGone.connect(handler) });
  },
  { name: 'signalling', dependencies: ['core'] },
);
