import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Clock } from '../../common/clock';
import type { Database } from '../../db/database';
import { stripeEvents, type StripeEventObject } from '../../db/schema';
import type { CustomerPaymentEvents } from '../customer-payments';
import type { BillingEventSink } from '../subscription-gateway';
import { translateConnectEvent } from './customer-events';
import { eventAccount, type StripeCustomerPayments } from './customer-gateway';
import { idOf } from './stripe-client';
import { translateStripeEvent } from './stripe-events';
import type { StripeSubscriptionGateway } from './stripe-gateway';

/*
 * Stripe's webhook inbox: the webhook stores each signed event here (stripe_events) and answers at
 * once; the worker below applies the stored events afterwards, exactly as the request used to:
 * the object re-read at Stripe, translated into the domain's event whose id names the fact, and
 * handed to the billing sink or the customer payment router, both of which apply a fact once.
 *
 * Claims are leases: a round moves the due events' next_attempt_at forward by INBOX_LEASE_MS in
 * one statement (the rows another transaction holds are skipped, the due condition checked again
 * on each row), so two rounds, in one process or two, never hold one event at the same time; an
 * event whose process died holding it is due again when the lease ends. A failure keeps the row,
 * with its error, due again after a backoff (1 minute, doubling, at most an hour); after
 * INBOX_MAX_ATTEMPTS tries it is given up (logged as an error, the row kept, nothing due).
 */

/** Deliveries written by one insert at most (those waiting while the previous one ran). */
export const INBOX_STORE_BATCH = 200;
/** Events claimed per round. */
export const INBOX_BATCH = 50;
/**
 * Events of a round applied at the same time. One: on the embedded database every transaction
 * waits for its single connection, and each event the worker has in flight there is one more
 * transaction ahead of the webhook's inserts (measured with bench/webhooks.mjs: 4 in flight gave
 * the deliveries a p50 of 100 ms, 1 of 23–39 ms, the drain a few seconds longer).
 */
export const INBOX_CONCURRENCY = 1;
/** How long a claim holds an event: well over a Stripe read (its timeout) and the domain's transaction. */
export const INBOX_LEASE_MS = 5 * 60_000;
export const INBOX_FIRST_RETRY_MS = 60_000;
export const INBOX_LONGEST_RETRY_MS = 60 * 60_000;
/** About a day of retries (1, 2, 4 … 32 minutes, then hourly), as Stripe's own redeliveries last days. */
export const INBOX_MAX_ATTEMPTS = 30;
/** The worker's period (the events a wake-up missed, the retries that came due). */
export const INBOX_SWEEP_INTERVAL_MS = 30_000;

const ID_LIMIT = 255;
const TYPE_LIMIT = 200;
const ERROR_LIMIT = 1000;

/** The wait before the next try of an event tried `attempts` times. */
export function retryDelayMs(attempts: number): number {
  return Math.min(INBOX_FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)), INBOX_LONGEST_RETRY_MS);
}

/** An id as Stripe writes it (a string or an expanded object), when it is of a sane length. */
function boundedId(value: unknown): string | undefined {
  const id = typeof value === 'string' || (value && typeof value === 'object') ? idOf(value as string | { id: string }) : null;
  return typeof id === 'string' && id.length > 0 && id.length <= ID_LIMIT ? id : undefined;
}

/** What processing needs of the event's object: its id and kind, and a charge's PaymentIntent. */
export function eventObject(event: Stripe.Event): StripeEventObject {
  const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
  const kept: StripeEventObject = {};
  const id = boundedId(object.id);
  if (id) kept.id = id;
  if (typeof object.object === 'string' && object.object.length <= ID_LIMIT) kept.object = object.object;
  const paymentIntent = boundedId(object.payment_intent);
  if (paymentIntent) kept.payment_intent = paymentIntent;
  return kept;
}

/** A verified event the inbox can keep: an id of a sane length and a type. */
export function storableEvent(event: Stripe.Event): boolean {
  return typeof event.id === 'string' && event.id.length > 0 && event.id.length <= ID_LIMIT && typeof event.type === 'string';
}

export interface StripeWebhookInboxDeps {
  db: Database;
  clock: Clock;
  /** The adapter: its client re-reads the event's object, its prices name the plan. */
  stripe: StripeSubscriptionGateway;
  sink: BillingEventSink;
  /** The VAT rate of the plans (BILLING_VAT_RATE), for an invoice Stripe added no tax to. */
  vatRate: number;
  /** The connected accounts' events: the adapter that re-reads their objects and the router they are handed to. */
  connect?: { gateway: StripeCustomerPayments; events: CustomerPaymentEvents } | null;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Events claimed per round (INBOX_BATCH). */
  batchSize?: number;
}

/** What one round did. */
export interface InboxRound {
  claimed: number;
  processed: number;
  /** Failed, to be tried again after the backoff. */
  failed: number;
  /** Failed for the last allowed time: kept, no longer tried. */
  gaveUp: number;
}

interface ClaimedEvent {
  id: string;
  type: string;
  account: string | null;
  object: StripeEventObject | null;
  attempts: number;
  receivedAt: Date;
}

type Outcome = 'processed' | 'failed' | 'gaveUp';

interface PendingStore {
  event: Stripe.Event;
  resolve: (isNew: boolean) => void;
  reject: (error: unknown) => void;
}

export class StripeWebhookInbox {
  readonly batchSize: number;

  constructor(private readonly deps: StripeWebhookInboxDeps) {
    this.batchSize = deps.batchSize ?? INBOX_BATCH;
  }

  /**
   * Keeps a verified event, due at once; a redelivery is one conflicting insert. True when the
   * event is new. Resolves once the row is committed. The deliveries that arrive while one insert
   * is under way are written together by the next (one statement, one commit: a group commit),
   * so that many deliveries at once cost few transactions, and a lone one waits for nothing.
   */
  store(event: Stripe.Event): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.storing.push({ event, resolve, reject });
      if (!this.writing) void this.write();
    });
  }

  private readonly storing: PendingStore[] = [];
  private writing = false;

  private async write(): Promise<void> {
    this.writing = true;
    try {
      while (this.storing.length > 0) {
        const batch = this.storing.splice(0, INBOX_STORE_BATCH);
        try {
          const inserted = await this.insert(batch.map((pending) => pending.event));
          for (const pending of batch) pending.resolve(inserted.has(pending.event.id));
        } catch (error) {
          // Nothing of the batch is kept: each delivery answers 5xx and Stripe sends it again.
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private async insert(events: Stripe.Event[]): Promise<Set<string>> {
    const now = this.deps.clock();
    const rows = await this.deps.db.withoutTenant((tx) =>
      tx
        .insert(stripeEvents)
        .values(
          events.map((event) => ({
            id: event.id,
            type: event.type.slice(0, TYPE_LIMIT),
            receivedAt: now,
            account: eventAccount(event),
            object: eventObject(event),
            nextAttemptAt: now,
          })),
        )
        .onConflictDoNothing({ target: stripeEvents.id })
        .returning({ id: stripeEvents.id }),
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Claims up to a batch of due events and applies them; a round never throws for one event's failure. */
  async round(): Promise<InboxRound> {
    const claimed = await this.claim();
    const outcomes = await inPool(claimed, INBOX_CONCURRENCY, (row) => this.process(row));
    const count = (outcome: Outcome) => outcomes.filter((one) => one === outcome).length;
    return { claimed: claimed.length, processed: count('processed'), failed: count('failed'), gaveUp: count('gaveUp') };
  }

  private async claim(): Promise<ClaimedEvent[]> {
    const now = this.deps.clock();
    const leaseEnd = new Date(now.getTime() + INBOX_LEASE_MS);
    const due = and(isNull(stripeEvents.processedAt), lte(stripeEvents.nextAttemptAt, now));
    const rows = await this.deps.db.withoutTenant((tx) => {
      const oldest = tx
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(due)
        .orderBy(asc(stripeEvents.nextAttemptAt), asc(stripeEvents.id))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      return tx
        .update(stripeEvents)
        .set({ attempts: sql`${stripeEvents.attempts} + 1`, nextAttemptAt: leaseEnd })
        .where(and(inArray(stripeEvents.id, oldest), due))
        .returning({
          id: stripeEvents.id,
          type: stripeEvents.type,
          account: stripeEvents.account,
          object: stripeEvents.object,
          attempts: stripeEvents.attempts,
          receivedAt: stripeEvents.receivedAt,
        });
    });
    return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  private async process(row: ClaimedEvent): Promise<Outcome> {
    const event = {
      id: row.id,
      object: 'event',
      type: row.type,
      account: row.account ?? undefined,
      data: { object: row.object ?? {} },
    } as unknown as Stripe.Event;
    let failure: unknown;
    try {
      await this.apply(event);
    } catch (error) {
      failure = error;
    }
    const now = this.deps.clock();
    const pending = and(eq(stripeEvents.id, row.id), isNull(stripeEvents.processedAt));
    if (failure === undefined) {
      await this.deps.db.withoutTenant((tx) => tx.update(stripeEvents).set({ processedAt: now, nextAttemptAt: null, lastError: null }).where(pending));
      return 'processed';
    }
    const lastError = (failure instanceof Error ? failure.message : String(failure)).slice(0, ERROR_LIMIT);
    const gaveUp = row.attempts >= INBOX_MAX_ATTEMPTS;
    const nextAttemptAt = gaveUp ? null : new Date(now.getTime() + retryDelayMs(row.attempts));
    await this.deps.db.withoutTenant((tx) => tx.update(stripeEvents).set({ nextAttemptAt, lastError }).where(pending));
    const context = { err: failure, stripeEvent: row.id, type: row.type, attempts: row.attempts };
    if (gaveUp) this.deps.log.error(context, 'Stripe event given up after its last try (kept in stripe_events)');
    else this.deps.log.warn({ ...context, nextAttemptAt }, 'Stripe event failed, to be tried again');
    return gaveUp ? 'gaveUp' : 'failed';
  }

  /**
   * What the webhook's request did before the inbox: a connected account's event to the customer
   * payment router, the platform's own to the billing sink, each re-read at Stripe first.
   */
  private async apply(event: Stripe.Event): Promise<void> {
    const { connect, log } = this.deps;
    if (eventAccount(event) !== null && connect) {
      const translation = await translateConnectEvent(connect.gateway, event);
      if ('event' in translation) {
        await connect.events.dispatch(translation.event);
        log.info({ stripeEvent: event.id, type: event.type, customerPaymentEvent: translation.event.id }, 'Stripe Connect event dispatched');
      } else if ('account' in translation) {
        log.info({ stripeEvent: event.id, type: event.type, account: translation.account }, 'Stripe Connect account refreshed');
      } else {
        log.info({ stripeEvent: event.id, type: event.type, reason: translation.ignored }, 'Stripe Connect event ignored');
      }
      return;
    }
    const translation = await translateStripeEvent(this.deps.stripe, event, this.deps.vatRate);
    if ('event' in translation) {
      const outcome = await this.deps.sink.apply(translation.event);
      log.info({ stripeEvent: event.id, type: event.type, domainEvent: translation.event.id, outcome }, 'Stripe event applied');
    } else {
      log.info({ stripeEvent: event.id, type: event.type, reason: translation.ignored }, 'Stripe event ignored');
    }
  }
}

/** `work` over `items`, at most `width` at a time; every item's work ends before this does, the first failure thrown then. */
async function inPool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(width, items.length) }, runner));
  const rejected = settled.find((one) => one.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}

export interface StripeWebhookWorkerOptions {
  inbox: Pick<StripeWebhookInbox, 'round' | 'batchSize'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The inbox's worker in one process: `drain()` runs rounds until one claims less than a full
 * batch, one drain at a time (asked during one, it drains again after it); `wake()`, called by the
 * webhook once an event is stored, starts a drain on the next turn of the event loop, after the
 * answer has gone, never awaited by the request, many wake-ups folded into one; `close()` stops
 * both and awaits the round in progress. The payments plugin's PeriodicTask calls `drain()` too.
 */
export class StripeWebhookWorker {
  private running: Promise<void> | null = null;
  private again = false;
  /** A wake-up not yet started: its timer, and the promise of its drain (for `settled`). */
  private woken: { timer: NodeJS.Immediate; done: Promise<void>; cancel: () => void } | null = null;
  private closed = false;

  constructor(private readonly options: StripeWebhookWorkerOptions) {}

  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drainRounds().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  wake(): void {
    if (this.closed || this.woken) return;
    let settle: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (settle = resolve));
    const timer = setImmediate(() => {
      this.woken = null;
      this.drain()
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'Stripe webhook inbox round failed'))
        .finally(settle);
    });
    this.woken = { timer, done, cancel: settle };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.woken) {
      clearImmediate(this.woken.timer);
      this.woken.cancel();
      this.woken = null;
    }
    await this.settled();
  }

  /** The end of the wake-up waiting to start and of the drain in progress, failed or not. */
  async settled(): Promise<void> {
    await this.woken?.done;
    await this.running?.catch(() => undefined);
  }

  private async drainRounds(): Promise<void> {
    const { inbox } = this.options;
    do {
      this.again = false;
      while (!this.closed) {
        const round = await inbox.round();
        if (round.claimed < inbox.batchSize) break;
      }
    } while (this.again && !this.closed);
  }
}
