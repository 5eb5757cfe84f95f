import { subscriptionSchema, type Plan, type Subscription } from '@incontra/contracts/api/subscription';
import { ERRORS } from '@incontra/contracts/errors';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import * as repository from './repository';

type PlanRow = { id: string; name: string; price: number; usersLimit: number; rooms: number; trialDays: number };

function toPlan(row: PlanRow): Plan {
  return { id: row.id, name: row.name, price: row.price, usersLimit: row.usersLimit, rooms: row.rooms, trialDays: row.trialDays };
}

export class BillingService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  /** The company's subscription with its plans and what it uses, or 404 'Subscription non found'. */
  subscription(companyId: string): Promise<Subscription> {
    return this.db.withTenant(companyId, async (tx) => {
      const row = await repository.findSubscription(tx, companyId);
      if (!row) throw new HttpError(404, ERRORS.subscriptionNotFound);
      const [usersCount, roomsCount] = [await repository.countActiveUsers(tx, companyId), await repository.countRooms(tx, companyId)];
      return {
        id: row.subscription.id,
        plan: toPlan(row.plan),
        nextPlan: row.nextPlan ? toPlan(row.nextPlan) : null,
        status: subscriptionSchema.shape.status.parse(row.subscription.status),
        trialEndsAt: row.subscription.trialEndsAt?.toISOString() ?? null,
        currentPeriodEndsAt: row.subscription.currentPeriodEndsAt?.toISOString() ?? null,
        usage: { users: usersCount, rooms: roomsCount },
        cancelAtPeriodEnd: false,
        graceEndsAt: null,
        billingOnly: false,
        paymentMode: 'test',
        vatRate: 22,
        plans: (await repository.listPlansOnSale(tx)).map(toPlan),
      };
    });
  }
}
