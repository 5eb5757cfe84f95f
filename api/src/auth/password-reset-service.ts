import type { PasswordResetBody, PasswordResetRequestBody } from '@incontra/contracts/api/auth';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { PASSWORD_RESET_TOKEN_TTL_MS } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { ROUTES } from '@incontra/contracts/routes';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import type { Clock } from '../common/clock';
import { hashPassword } from './password-hasher';
import * as resetTokens from './reset-token-repository';
import type { SessionService } from './session-service';
import { tokenHash } from './tokens';
import * as users from '../users/facade';
import { issuePasswordToken } from './facade';

export const resetInvalid = () => new HttpError(422, IT_BACKOFFICE.resetInvalid, 'token');

export interface PasswordResetServiceOptions {
  db: Database;
  /** A reset ends every session of the user (and their room entries). */
  sessions: SessionService;
  mailer: Mailer;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export class PasswordResetService {
  private readonly inFlight = new Set<Promise<void>>();

  private readonly db: Database;
  private readonly sessions: SessionService;
  private readonly mailer: Mailer;
  private readonly clock: Clock;
  private readonly log: Pick<FastifyBaseLogger, 'error'>;

  constructor(options: PasswordResetServiceOptions) {
    this.db = options.db;
    this.sessions = options.sessions;
    this.mailer = options.mailer;
    this.clock = options.clock;
    this.log = options.log;
  }

  /**
   * Takes a reset request and returns at once; the work (look-up, token, e-mail) goes on after the
   * answer. Answering after it took measurably longer for a known e-mail than for an unknown one,
   * which told anyone who timed it which e-mails have an account.
   */
  accept(company: PublicCompany, body: PasswordResetRequestBody, origin: string): void {
    const work: Promise<void> = this.request(company, body, origin)
      .catch((error: unknown) => this.log.error({ err: error }, 'password reset request failed'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /** Waits for the requests taken and not yet done (the app closing). */
  async close(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /**
   * Mails a single-use link valid for one hour to the active user with that e-mail, if there is
   * one. The caller answers the same whatever happened, so nobody learns which e-mails exist.
   * `origin` is the company's public origin (PUBLIC_URL with the host it was reached on).
   */
  async request(company: PublicCompany, body: PasswordResetRequestBody, origin: string): Promise<void> {
    if (body.company.trim().toLowerCase() !== company.slug) return;
    const now = this.clock();
    await this.db.withTenant(company.id, async (tx) => {
      const user = await users.findUserByEmail(tx, company.id, body.email);
      if (!user || !user.active) return;
      const token = await issuePasswordToken(tx, company.id, user.id, now, PASSWORD_RESET_TOKEN_TTL_MS);
      const link = `${origin}${ROUTES.passwordReset}?token=${token}`;
      await enqueueMail(tx, this.mailer, company.id, {
        to: user.email,
        subject: IT.mail.passwordResetSubject(company.name),
        text: IT.mail.passwordResetText(user.firstName ?? user.username, link),
      });
    });
  }

  /** Sets the new password once per token, within the hour; every session of the user ends, with its room entries. */
  async reset(company: PublicCompany, body: PasswordResetBody): Promise<void> {
    const passwordHash = await hashPassword(body.password);
    const now = this.clock();
    await this.db.withTenant(company.id, async (tx) => {
      const token = await resetTokens.findResetToken(tx, company.id, tokenHash(body.token));
      if (!token || token.usedAt !== null || token.expiresAt <= now) throw resetInvalid();
      if (!(await resetTokens.consumeResetToken(tx, company.id, token.id, now))) throw resetInvalid();
      const user = await users.findUserById(tx, company.id, token.userId);
      if (!user || !user.active) throw resetInvalid();
      await users.updatePasswordHash(tx, company.id, user.id, passwordHash);
      await this.sessions.revokeUserSessions(tx, company.id, user.id);
    });
  }
}
