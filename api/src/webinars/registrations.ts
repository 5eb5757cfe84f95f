import {
  STORE_WEBINARS_LISTED,
  type CreatedWebinarRegistration,
  type PublicWebinar,
  type StoreWebinars,
  type WebinarJoin,
  type WebinarRegistration,
  type WebinarRegistrationBody,
} from '@incontra/contracts/api/webinars';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { newToken, sameToken } from '../auth/tokens';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import { checkJoinWindow, joinCredential, type JoinSettings } from './join';
import type { WebinarMedia } from './webinar-media';
import { storeNameOf } from '../stores/facade';
import { isRemoved } from './live/live-state';
import * as repository from './repository';
import { remindersHandledAt } from './reminders';
import { registrantFacts, toPublicWebinar, toRegistration } from './views';
import { registrantMail, registrationCalendar } from './webinar-mail';

const R = IT_WEBINARS.rules;

export interface RegistrationServiceDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  join: JoinSettings;
  /** The SFU's rooms (Janus, Twilio); null on the built-in mesh. */
  media: WebinarMedia | null;
}

/** Published and not started: registration is open (seats apart). */
function acceptsRegistrations(webinar: repository.WebinarRow, now: Date): boolean {
  return webinar.status === 'published' && now.getTime() < webinar.startsAt.getTime();
}

/** The e-mail as one registrant per webinar counts it. */
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * The visitors' side of webinars, no session: a store's upcoming webinars, one webinar's page,
 * the registration (capacity held by the database: repository.takeSeat), and the registrant's
 * personal link (their token as a Bearer header): the registration's page, its calendar file, its
 * cancellation and the viewer's join.
 */
export class RegistrationService {
  constructor(private readonly deps: RegistrationServiceDeps) {}

  storeWebinars(company: PublicCompany, storeId: string): Promise<StoreWebinars> {
    const now = this.deps.clock();
    return this.deps.db.withTenant(company.id, async (tx) => {
      if (!(await storeNameOf(tx, company.id, storeId))) throw new HttpError(404, IT_WEBINARS.storeNotFound);
      const rows = await repository.listUpcomingWebinars(tx, company.id, storeId, now, STORE_WEBINARS_LISTED);
      return { webinars: rows.map((row) => toPublicWebinar(row, company.timeZone, now)) };
    });
  }

  /** A webinar visitors may see: any but a draft (404 like an unknown one). */
  webinar(company: PublicCompany, id: string): Promise<PublicWebinar> {
    return this.deps.db.withTenant(company.id, async (tx) =>
      toPublicWebinar(await this.requirePublic(tx, company.id, id, false), company.timeZone, this.deps.clock()),
    );
  }

  /**
   * Registers the visitor: the webinar's row locked first, so that one e-mail registers once and
   * the seats are taken in order; 409 when closed, full or already registered. The confirmation
   * e-mail (with the .ics and the personal link) is written in the same transaction.
   */
  async register(
    company: PublicCompany,
    id: string,
    body: WebinarRegistrationBody & { firstName: string; lastName: string; email: string },
    origin: string,
  ): Promise<CreatedWebinarRegistration> {
    const now = this.deps.clock();
    const token = newToken();
    return this.deps.db.withTenant(company.id, async (tx) => {
      const { webinar } = await this.requirePublic(tx, company.id, id, false);
      if (!acceptsRegistrations(webinar, now)) throw new HttpError(409, R.closed);
      const key = emailKey(body.email);
      if (await repository.hasActiveRegistration(tx, company.id, id, { emailKey: key })) throw new HttpError(409, R.alreadyRegistered, 'email');
      // The registration first, the seat last: the webinar's row is locked only from the seat's
      // update to the commit, so a burst of registrations queues on it as briefly as it can. The
      // same address registering twice at once meets the unique index (the second waits, then 409).
      const row = await repository
        .insertRegistration(tx, {
          companyId: company.id,
          webinarId: id,
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email.trim(),
          emailKey: key,
          token,
          consentAt: now,
          linkOrigin: origin,
          createdAt: now,
          ...remindersHandledAt(webinar.startsAt, now),
        })
        .catch((error: unknown) => {
          throw repository.isActiveEmailConflict(error) ? new HttpError(409, R.alreadyRegistered, 'email') : error;
        });
      if (!(await repository.takeSeat(tx, company.id, id, now))) {
        // No seat: full, or closed meanwhile (published no more, or started).
        const current = await repository.findWebinar(tx, company.id, id);
        throw new HttpError(409, current && acceptsRegistrations(current.webinar, now) ? R.full : R.closed);
      }
      const full = (await repository.findRegistrationWithWebinar(tx, company.id, row.id))!;
      await enqueueMail(
        tx,
        this.deps.mailer,
        company.id,
        registrantMail(registrantFacts(full), 'confirmed', { organizerEmail: this.deps.mailer.sender, stamp: now }),
      );
      return { registration: toRegistration(row, toPublicWebinar(full, company.timeZone, now)), token };
    });
  }

  view(company: PublicCompany, id: string, token: string | null): Promise<WebinarRegistration> {
    return this.deps.db.withTenant(company.id, async (tx) => this.answer(company, await this.requireByToken(tx, company.id, id, token)));
  }

  /** The registration's .ics, as the page offers it. */
  calendar(company: PublicCompany, id: string, token: string | null): Promise<string> {
    return this.deps.db.withTenant(company.id, async (tx) => {
      const found = await this.requireByToken(tx, company.id, id, token);
      return registrationCalendar(registrantFacts(found), this.deps.mailer.sender, this.deps.clock());
    });
  }

  /**
   * Cancels the registration and frees its seat, with an e-mail that says so (and cancels the
   * calendar's event); cancelling a cancelled one answers it as it is. 409 once the webinar has
   * started or ended.
   */
  cancel(company: PublicCompany, id: string, token: string | null): Promise<WebinarRegistration> {
    const now = this.deps.clock();
    return this.deps.db.withTenant(company.id, async (tx) => {
      const { webinar } = await this.requireByToken(tx, company.id, id, token);
      // The webinar's row first, then the registration's, as a registration takes them: never a lock order inverted.
      await repository.findWebinar(tx, company.id, webinar.id, true);
      await repository.findRegistration(tx, company.id, id, true);
      const found = (await repository.findRegistrationWithWebinar(tx, company.id, id))!;
      if (found.registration.status === 'cancelled') return this.answer(company, found);
      if (found.webinar.status === 'live' || found.webinar.status === 'ended') throw new HttpError(409, R.joinOver);
      await repository.cancelRegistration(tx, company.id, id, now);
      if (found.webinar.status !== 'cancelled') await repository.releaseSeat(tx, company.id, webinar.id, now);
      const after = (await repository.findRegistrationWithWebinar(tx, company.id, id))!;
      await enqueueMail(
        tx,
        this.deps.mailer,
        company.id,
        registrantMail(registrantFacts(after), 'registrationCancelled', { organizerEmail: this.deps.mailer.sender, stamp: now }),
      );
      return this.answer(company, after);
    });
  }

  /** A viewer's credential: a registration that exists and is not cancelled, inside the join window. Changes nothing. */
  async join(company: PublicCompany, id: string, token: string | null): Promise<WebinarJoin> {
    const now = this.deps.clock();
    const { registration, webinar } = await this.deps.db.withTenant(company.id, async (tx) => {
      const found = await this.requireByToken(tx, company.id, id, token);
      if (found.registration.status !== 'registered') throw new HttpError(409, R.cancelled);
      checkJoinWindow(found.webinar, now);
      if (await isRemoved(tx, company.id, found.webinar.id, found.registration.id)) throw new HttpError(403, R.removed);
      return found;
    });
    // The SFU's room, outside any transaction: a call to another service never holds a database connection.
    const media = this.deps.media ? await this.deps.media.viewerSeat(webinar, registration.id) : null;
    const displayName = `${registration.firstName} ${registration.lastName}`;
    return joinCredential(this.deps.join, webinar, { role: 'viewer', seat: registration.id, displayName }, now, media);
  }

  private answer(company: PublicCompany, found: repository.RegistrationWithWebinar): WebinarRegistration {
    return toRegistration(found.registration, toPublicWebinar(found, company.timeZone, this.deps.clock()));
  }

  private async requirePublic(tx: Tx, companyId: string, id: string, lock: boolean): Promise<repository.WebinarWithStore> {
    const found = await repository.findWebinar(tx, companyId, id, lock);
    if (!found || found.webinar.status === 'draft') throw new HttpError(404, IT_WEBINARS.notFound);
    return found;
  }

  /** The registration this token opens: 401 without a token, 404 for one that does not open it. */
  private async requireByToken(tx: Tx, companyId: string, id: string, token: string | null): Promise<repository.RegistrationWithWebinar> {
    if (!token) throw new HttpError(401, IT_WEBINARS.tokenRequired);
    const found = await repository.findRegistrationWithWebinar(tx, companyId, id);
    if (!found || !sameToken(found.registration.token, token)) throw new HttpError(404, IT_WEBINARS.registrationNotFound);
    return found;
  }
}
