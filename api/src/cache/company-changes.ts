import type { FastifyBaseLogger } from 'fastify';
import type { PubSub, Unsubscribe } from '../realtime/pubsub';

/** Carries the id of a company whose data changed, to every API process. */
export const COMPANY_CHANGED_CHANNEL = 'company:changed';

/** A company's data changed (its id), or, with null, any company's may have (a lost broker connection). */
export type CompanyChangeListener = (companyId: string | null) => void;

/**
 * The one signal that a company's data changed, for everything a process keeps of it (the host
 * cache, the sessions and the lists of CompanyCache). `changed` runs once the change is committed
 * (Database.onCommittedChange): the listeners of this process hear it at once, the other processes
 * through the pub/sub port. Should the broker be down, they read afresh when their entries expire,
 * and once the subscription is back they drop everything, having perhaps missed a change.
 */
export class CompanyChanges {
  private readonly listeners = new Set<CompanyChangeListener>();
  private pubsub: PubSub | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  onChange(listener: CompanyChangeListener): void {
    this.listeners.add(listener);
  }

  /** After a committed change: this process now, the others when they hear it (never fails the caller). */
  changed(companyId: string): void {
    this.notify(companyId);
    this.pubsub?.publish(COMPANY_CHANGED_CHANNEL, companyId).catch((error: unknown) => {
      this.log.warn({ err: error, companyId }, 'company change not published: the other processes see it when their cached entries expire');
    });
  }

  /** Hears the other processes' changes (and this one's echo, harmless); answers how to stop. */
  async listen(pubsub: PubSub): Promise<Unsubscribe> {
    const unsubscribe = await pubsub.subscribe(COMPANY_CHANGED_CHANNEL, (companyId) => this.notify(companyId));
    const stopResubscribed = pubsub.onResubscribed?.(() => this.notify(null));
    this.pubsub = pubsub;
    return async () => {
      this.pubsub = null;
      stopResubscribed?.();
      await unsubscribe();
    };
  }

  private notify(companyId: string | null): void {
    for (const listener of this.listeners) listener(companyId);
  }
}
