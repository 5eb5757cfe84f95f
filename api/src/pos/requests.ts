import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  POS_EXPIRY_HOURS,
  POS_OPEN_REQUESTS_MAX,
  type PosCreateBody,
  type PosCreated,
  type PosCreateForm,
  type PosPayment,
  type PosRequestView,
} from '@incontra/contracts/api/pos';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { IT_POS_MAIL } from '@incontra/contracts/messages/it-pos-mail';
import { IT_POS_SMS } from '@incontra/contracts/messages/it-pos-sms';
import { whenText } from '@incontra/contracts/messages/it-when';
import { formatEuro } from '@incontra/contracts/money';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import type { Clock } from '../common/clock';
import { displayNameOf } from '../common/staff-member';
import { afterCommit, type Database, type Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import type { CreatedCustomerPayment, CustomerPaymentGateway } from '../payments/customer-payments';
import type { SmsTexts } from '../sms/facade';
import { smsCountriesOf } from '../sms/sms-destinations';
import type { PosNotifier, PosOutcomes } from './outcomes';
import {
  countOpenPayments,
  findPayment,
  findPaymentByToken,
  findServedStoreName,
  insertPayment,
  isRoomOfStore,
  listServedStores,
  lockCompanyRequests,
  markCancelled,
  readExpiryHours,
  type PaymentRow,
} from './repository';
import { customerView, linkOf, qrCodeOf, refOf, staffView, statusAt } from './views';

export interface PosRequestDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  gateway: CustomerPaymentGateway;
  notifier: PosNotifier;
  outcomes: PosOutcomes;
  /** The sms domain's facade: the link sent to the phone staff give. */
  sms: SmsTexts;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The company's name in the link's SMS at most this long (the text stays within two segments). */
const SMS_COMPANY_NAME_MAX = 40;
const smsName = (name: string) => (name.length > SMS_COMPANY_NAME_MAX ? `${name.slice(0, SMS_COMPANY_NAME_MAX - 1)}…` : name);

const HOUR_MS = 3600_000;

/** The link's capability: 32 random bytes, url-safe (43 characters). */
const newToken = () => randomBytes(32).toString('base64url');

const notFound = () => new HttpError(404, IT_POS.notFound);
const tooManyOpen = () => new HttpError(422, IT_POS.tooManyOpen(POS_OPEN_REQUESTS_MAX));

/**
 * The staff's requests (made, read, cancelled, verified) and the customer's reads of one by its
 * link. A request is its row here and a payment at the provider (the port): the provider is asked
 * outside any transaction, and what it answers is recorded in one.
 */
export class PosRequests {
  constructor(private readonly deps: PosRequestDeps) {}

  /** What the request form needs; no side effect. */
  async form(staff: StaffContext): Promise<PosCreateForm> {
    const companyId = staff.company.id;
    const { stores, expiryHours } = await this.deps.db.withTenant(companyId, async (tx) => ({
      stores: await listServedStores(tx, companyId, staff.user.id),
      expiryHours: (await readExpiryHours(tx, companyId)) ?? POS_EXPIRY_HOURS.default,
    }));
    const account = await this.deps.gateway.account(companyId);
    return { stores, paymentMode: this.deps.gateway.mode, canTakePayments: account.canTakePayments, expiryHours };
  }

  /**
   * A new request: refused before the provider is asked when the store is not served or too many
   * are open; then the provider's payment (its idempotency key the request's id), then the row,
   * the activity line, the link's e-mail and SMS and the notice in one transaction. Should that
   * transaction fail, the payment made for it is cancelled at the provider (its secret was never
   * handed out). A phone given gets the link by SMS (the sms domain's limits and country rules):
   * refused, the request is made all the same and the answer's `sms` says why.
   */
  async create(staff: StaffContext, body: PosCreateBody, ip: string): Promise<PosCreated> {
    const { db, gateway, clock } = this.deps;
    const companyId = staff.company.id;
    const id = randomUUID();
    await db.withTenant(companyId, async (tx) => {
      await this.requireServed(tx, staff, body);
      if ((await countOpenPayments(tx, companyId, clock())) >= POS_OPEN_REQUESTS_MAX) throw tooManyOpen();
    });
    const created = await gateway.create({
      companyId,
      purpose: 'pos',
      reference: id,
      amount: body.amount,
      description: body.description,
      // Our own receipt follows the payment (one e-mail): the provider is not asked to send another.
      receiptEmail: null,
      idempotencyKey: `pos:${id}`,
    });
    let row: PaymentRow;
    let sms: PosCreated['sms'];
    try {
      ({ row, sms } = await db.withTenant(companyId, (tx) => this.insert(tx, staff, body, id, created, ip)));
    } catch (error) {
      gateway
        .cancel(created)
        .catch((cause: unknown) => this.deps.log.warn({ err: cause, companyId, id }, 'payment of a request not made could not be cancelled'));
      throw error;
    }
    return { ...staffView(row, staff.origin, clock(), await qrCodeOf(linkOf(staff.origin, row.token))), sms };
  }

  /** One request of a store the staff member serves (404 otherwise), with its QR code. */
  async read(staff: StaffContext, id: string): Promise<PosPayment> {
    return this.detail(staff, await this.find(staff, id));
  }

  /**
   * Cancels an unpaid request, at the provider first: once it is cancelled there it can no longer
   * be paid, so the row never says cancelled for a payment that went through. Cancelled already:
   * the same answer. Paid (found so now, maybe at the provider) or expired: 409.
   */
  async cancel(staff: StaffContext, id: string): Promise<PosPayment> {
    const { db, gateway, clock, outcomes, notifier } = this.deps;
    const companyId = staff.company.id;
    const row = await this.find(staff, id);
    this.requireCancellable(row);
    if (row.status === 'cancelled') return this.detail(staff, row);
    const state = await gateway.cancel(refOf(companyId, row));
    if (state.status === 'paid') {
      await outcomes.recordPaid(companyId, id, state);
      throw new HttpError(409, IT_POS.alreadyPaid);
    }
    await db.withTenant(companyId, async (tx) => {
      if (!(await markCancelled(tx, companyId, id, clock()))) return;
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'payment',
        entityId: id,
        summary: IT_POS.activity.cancelled(formatEuro(row.amount), row.description),
      });
      afterCommit(tx, () => notifier.changed(companyId, row.storeId, id));
    });
    // A parallel call may have moved it first: answer what it is now.
    const after = await this.find(staff, id);
    this.requireCancellable(after);
    return this.detail(staff, after);
  }

  /** Staff's verify: the provider re-read, a payment it holds recorded; the request as it then stands. */
  async verify(staff: StaffContext, id: string): Promise<PosPayment> {
    const row = await this.find(staff, id);
    return this.detail(staff, await this.deps.outcomes.settle(staff.company.id, row));
  }

  /** The customer's page: the request its link names, as it stands; no side effect. */
  async customerRequest(company: PublicCompany, token: string): Promise<PosRequestView> {
    const row = await this.byToken(company.id, token);
    return customerView(row, company.name, this.deps.gateway.mode, this.deps.clock());
  }

  /** The customer's verify (also the provider's return after an authentication): as staff's, by the link. */
  async customerVerify(company: PublicCompany, token: string): Promise<PosRequestView> {
    const row = await this.deps.outcomes.settle(company.id, await this.byToken(company.id, token));
    return customerView(row, company.name, this.deps.gateway.mode, this.deps.clock());
  }

  private async insert(
    tx: Tx,
    staff: StaffContext,
    body: PosCreateBody,
    id: string,
    created: CreatedCustomerPayment,
    ip: string,
  ): Promise<{ row: PaymentRow; sms: PosCreated['sms'] }> {
    const { clock, mailer, notifier } = this.deps;
    const companyId = staff.company.id;
    await lockCompanyRequests(tx, companyId);
    const storeName = await this.requireServed(tx, staff, body);
    const now = clock();
    if ((await countOpenPayments(tx, companyId, now)) >= POS_OPEN_REQUESTS_MAX) throw tooManyOpen();
    const hours = (await readExpiryHours(tx, companyId)) ?? POS_EXPIRY_HOURS.default;
    const expiresAt = new Date(now.getTime() + hours * HOUR_MS);
    const token = newToken();
    await insertPayment(tx, {
      id,
      companyId,
      storeId: body.storeId,
      storeName,
      amount: body.amount,
      description: body.description,
      email: body.email ?? null,
      phone: body.phone ?? null,
      roomId: body.roomId ?? null,
      token,
      providerAccountId: created.accountId,
      providerPaymentId: created.paymentId,
      clientSecret: created.clientSecret,
      publishableKey: created.publishableKey,
      createdBy: staff.user.id,
      createdByName: displayNameOf(staff.user),
      createdAt: now,
      expiresAt,
    });
    const amount = formatEuro(body.amount);
    await recordActivity(tx, companyId, staff.user, {
      action: 'create',
      entityType: 'payment',
      entityId: id,
      summary: IT_POS.activity.created(amount, body.description),
    });
    if (body.email) {
      const { name, timeZone } = staff.company;
      await enqueueMail(
        tx,
        mailer,
        companyId,
        {
          to: body.email,
          subject: IT_POS_MAIL.linkSubject(name, amount),
          text: IT_POS_MAIL.linkText(name, storeName, amount, body.description, linkOf(staff.origin, token), whenText(expiresAt, timeZone)),
        },
        staff.user,
      );
    }
    const sms = body.phone ? await this.sendLink(tx, staff, body.phone, amount, linkOf(staff.origin, token), ip, now) : null;
    afterCommit(tx, () => notifier.changed(companyId, body.storeId, id));
    const row = await findPayment(tx, companyId, id, null);
    if (!row) throw new Error('payment request not found after its insert');
    return { row, sms };
  }

  /** The link by SMS through the sms domain's facade, in the request's transaction: queued, or refused and why. */
  private async sendLink(tx: Tx, staff: StaffContext, phone: string, amount: string, link: string, ip: string, now: Date): Promise<PosCreated['sms']> {
    const { company } = staff;
    const result = await this.deps.sms.enqueue(tx, {
      companyId: company.id,
      phoneInput: phone,
      body: IT_POS_SMS.link(smsName(company.name), amount, link),
      ip,
      smsCountries: smsCountriesOf(company.settings),
      now,
    });
    return result.queued ? { status: 'queued', message: null } : { status: 'refused', message: IT_POS_SMS.notSent[result.refusal] };
  }

  /** The store must be the company's and served by the staff member, the call's room (if any) one of its rooms: 400 naming the field otherwise. */
  private async requireServed(tx: Tx, staff: StaffContext, body: PosCreateBody): Promise<string> {
    const companyId = staff.company.id;
    const storeName = await findServedStoreName(tx, companyId, staff.user.id, body.storeId);
    if (storeName === null) throw new HttpError(400, IT_POS.storeInvalid, 'storeId');
    if (body.roomId && !(await isRoomOfStore(tx, companyId, body.storeId, body.roomId))) throw new HttpError(400, IT_POS.roomInvalid, 'roomId');
    return storeName;
  }

  private requireCancellable(row: PaymentRow): void {
    const status = statusAt(row, this.deps.clock());
    if (status === 'paid') throw new HttpError(409, IT_POS.alreadyPaid);
    if (status === 'expired') throw new HttpError(409, IT_POS.alreadyExpired);
  }

  private async find(staff: StaffContext, id: string): Promise<PaymentRow> {
    const companyId = staff.company.id;
    const row = await this.deps.db.withTenant(companyId, (tx) => findPayment(tx, companyId, id, staff.user.id));
    if (!row) throw notFound();
    return row;
  }

  private async byToken(companyId: string, token: string): Promise<PaymentRow> {
    const row = await this.deps.db.withTenant(companyId, (tx) => findPaymentByToken(tx, companyId, token));
    if (!row) throw new HttpError(404, IT_POS.linkInvalid);
    return row;
  }

  private async detail(staff: StaffContext, row: PaymentRow): Promise<PosPayment> {
    const link = linkOf(staff.origin, row.token);
    return staffView(row, staff.origin, this.deps.clock(), await qrCodeOf(link));
  }
}
