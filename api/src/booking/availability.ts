import type { PublicCompany } from '@incontra/contracts/api/company';
import { bookingRules, type SlotsQuery, type StoreSlots } from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { COMPANY_CACHE_TTL_MS, type CompanyCache } from '../cache/company-cache';
import type { Clock } from '../common/clock';
import { afterCommit, type Database, type Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { addDays, dateIn, endOfDate, startOfDate } from '../scheduling/zoned-time';
import { freeSlots, type FreeDay, type RoomSchedule } from './free-slots';
import * as repository from './repository';

const E = IT_BOOKING.errors;
/** How many of the nearest free times a refused start offers instead. */
const ALTERNATIVES = 6;
/** How many days after a refused start's the alternatives may come from. */
const ALTERNATIVE_DAYS = 7;

type BookingRules = ReturnType<typeof bookingRules>;

/**
 * Availability: the free starts of a store's topic (for visitors, kept a few seconds), the one
 * asked for inside a write, the nearest others when it is taken, and the places a start may have.
 * The rooms' schedules come from the company cache; what is held comes from the database.
 */
export class Availability {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly cache: CompanyCache,
  ) {}

  /** Per company, how many booking writes this process committed (part of the availability cache's key). */
  private readonly bookingsGeneration = new Map<string, number>();

  /** GET /api/config/store/{id}/slots: per day of the company's zone, the free starts. */
  async slots(company: PublicCompany, storeId: string, query: SlotsQuery): Promise<StoreSlots> {
    const rules = bookingRules(company.settings);
    this.requireWithinHorizon(company, query, rules);
    const schedules = await this.schedulesOf(company, storeId, query.topic, query.room ?? null);
    // Every visitor of a store asks the same question (the next weeks of a topic): the answer is
    // kept a few seconds, and dropped by this process's next booking write (changedAfterCommit).
    // Another process's booking shows within the cache's bound; the booking itself is the
    // database's to refuse (409 with other times), so a start shown free a moment too long costs
    // the visitor a second choice, never a double booking.
    const generation = this.bookingsGeneration.get(company.id) ?? 0;
    const key = `booking:slots:${generation}:${storeId}:${query.topic}:${query.room ?? ''}:${query.from}:${query.to}`;
    return this.cache.read(company.id, key, async () => {
      const { days, price } = await this.db.withTenant(company.id, async (tx) => ({
        days: await this.freeDays(tx, company, schedules, query.from, query.to, rules),
        price: (await repository.findTopic(tx, company.id, storeId, query.topic))?.price ?? null,
      }));
      return {
        timeZone: company.timeZone,
        price,
        days: days.map((day) => ({ date: day.date, slots: day.slots.map(({ startsAt, time, remaining }) => ({ startsAt, time, remaining })) })),
      };
    });
  }

  /** Once the booking write of `tx` has committed, the availability kept before it is not used again (by this process). */
  changedAfterCommit(tx: Tx, companyId: string): void {
    afterCommit(tx, () => {
      this.bookingsGeneration.set(companyId, (this.bookingsGeneration.get(companyId) ?? 0) + 1);
    });
  }

  /**
   * The rooms serving the topic with their openings and exceptions from yesterday on (404 for a
   * topic not of the store, or a room not serving it). Opening data: kept in the company cache,
   * dropped by every management write. Never read inside a write's transaction (it may take a
   * connection of its own).
   */
  async schedulesOf(company: PublicCompany, storeId: string, topicId: string, roomId: string | null): Promise<RoomSchedule[]> {
    const fromDate = addDays(dateIn(company.timeZone, this.clock()), -1);
    const schedules = await this.cache.read(
      company.id,
      `booking:schedules:${storeId}:${topicId}:${fromDate}`,
      () =>
        this.db.withTenant(company.id, async (tx) =>
          (await repository.findTopic(tx, company.id, storeId, topicId)) ? repository.topicSchedules(tx, company.id, storeId, topicId, fromDate) : null,
        ),
      (value) => (value === null ? 0 : COMPANY_CACHE_TTL_MS),
    );
    if (schedules === null) throw new HttpError(404, E.topicNotFound, 'topic');
    if (roomId === null) return schedules;
    const room = schedules.filter((schedule) => schedule.roomId === roomId);
    if (room.length === 0) throw new HttpError(404, E.roomNotFound, 'room');
    return room;
  }

  /**
   * A question about free times asks about today…the last bookable day, a day of slack either
   * side for a visitor's clock near midnight: anything else is a 400 naming the date, before any work.
   */
  private requireWithinHorizon(company: PublicCompany, query: { from: string; to: string }, rules: BookingRules): void {
    const today = dateIn(company.timeZone, this.clock());
    const earliest = addDays(today, -1);
    const latest = addDays(today, rules.horizonDays);
    for (const field of ['from', 'to'] as const) {
      if (query[field] < earliest || query[field] > latest) throw new HttpError(400, IT_BOOKING.validation.outsideHorizon(rules.horizonDays), field);
    }
  }

  private async freeDays(
    tx: Tx,
    company: PublicCompany,
    schedules: RoomSchedule[],
    from: string,
    to: string,
    rules: BookingRules,
    except?: string,
  ): Promise<FreeDay[]> {
    const zone = company.timeZone;
    const windowStart = startOfDate(from, zone);
    const windowEnd = endOfDate(to, zone);
    const held = await repository.heldPlaces(
      tx,
      company.id,
      schedules.map((schedule) => schedule.roomId),
      windowStart,
      windowEnd,
      this.clock(),
      except,
    );
    return freeSlots(schedules, held, {
      timeZone: zone,
      from,
      to,
      now: this.clock(),
      minNoticeMinutes: rules.minNoticeMinutes,
      horizonDays: rules.horizonDays,
    });
  }

  async freeSlotAt(tx: Tx, company: PublicCompany, schedules: RoomSchedule[], startsAt: Date, rules: BookingRules, except?: string) {
    const date = dateIn(company.timeZone, startsAt);
    const [day] = await this.freeDays(tx, company, schedules, date, date, rules, except);
    return day?.slots.find((slot) => Date.parse(slot.startsAt) === startsAt.getTime()) ?? null;
  }

  /**
   * The free starts nearest to `startsAt`: those of its day and the days either side, or, when
   * they are fewer than ALTERNATIVES, of the week after too (`schedules` read for those dates).
   */
  async alternatives(tx: Tx, company: PublicCompany, schedules: RoomSchedule[], startsAt: Date, rules: BookingRules, except?: string) {
    const date = dateIn(company.timeZone, startsAt);
    const nearest = async (daysAfter: number) => {
      const days = await this.freeDays(tx, company, schedules, addDays(date, -1), addDays(date, daysAfter), rules, except);
      return days
        .flatMap((free) => free.slots.map((slot) => ({ startsAt: slot.startsAt, date: free.date, time: slot.time })))
        .filter((slot) => Date.parse(slot.startsAt) !== startsAt.getTime())
        .sort((a, b) => Math.abs(Date.parse(a.startsAt) - startsAt.getTime()) - Math.abs(Date.parse(b.startsAt) - startsAt.getTime()))
        .slice(0, ALTERNATIVES)
        .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
    };
    const close = await nearest(1);
    return close.length >= ALTERNATIVES ? close : nearest(ALTERNATIVE_DAYS);
  }

  /**
   * Offers `take` the places a start may have, in order (each free room of `roomIds`, place 1 to
   * its capacity, with the appointment's end in that room) until the database grants one.
   */
  async takeFirstPlace(
    schedules: RoomSchedule[],
    roomIds: string[],
    startsAt: Date,
    take: (place: { roomId: string; seat: number; startsAt: Date; endsAt: Date }) => Promise<boolean>,
  ): Promise<boolean> {
    for (const roomId of roomIds) {
      const room = schedules.find((schedule) => schedule.roomId === roomId)!;
      const endsAt = new Date(startsAt.getTime() + room.slotDuration * 60_000);
      for (let seat = 1; seat <= room.capacity; seat += 1) if (await take({ roomId, seat, startsAt, endsAt })) return true;
    }
    return false;
  }
}
