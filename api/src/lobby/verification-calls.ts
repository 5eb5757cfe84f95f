import type { PublicCompany } from '@incontra/contracts/api/company';
import type { SendVerificationCodeBody, VerificationCodeSent, VerifyCodeBody, VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { afterCommit } from '../db/database';
import { HttpError } from '../http/http-error';
import type { CodeCheck, PhoneVerification } from '../sms/phone-verification-port';
import { smsCountriesOf } from '../sms/sms-destinations';
import { waitingDeadline, type LobbyDeps } from './deps';
import { moveOrThrow, refusalOf } from './moves';
import * as repository from './repository';
import type { JoinRequestRow } from './repository';
import { requireVisitorRow } from './visitor-access';
import { visitorView } from './views';

export interface VisitorCall {
  id: string;
  token: string | null;
}

/** Codes are only for requests that need them, and only before the phone is proven. */
function requireVerificationNeeded(row: JoinRequestRow): void {
  if (!row.verificationRequired) throw new HttpError(409, IT_LOBBY.errors.verificationNotRequired);
}

function codeRefusal(reason: Extract<CodeCheck, { ok: false }>['reason']): HttpError {
  switch (reason) {
    case 'missing':
      return new HttpError(409, IT_LOBBY.errors.codeMissing);
    case 'wrong':
      return new HttpError(422, IT_LOBBY.errors.codeWrong, 'code');
    case 'expired':
      return new HttpError(422, IT_LOBBY.errors.codeExpired, 'code');
    case 'attempts':
      return new HttpError(422, IT_LOBBY.errors.codeAttempts, 'code');
  }
}

/**
 * pending → verifying (or verifying again for a new code): the code is stored and its SMS written
 * to the outbox in the request's transaction, and handed to the SMS port once it has committed
 * (afterCommit; the answer waits for the hand-over, never for a rolled-back code).
 */
export async function sendCode(
  deps: LobbyDeps,
  verification: PhoneVerification,
  company: PublicCompany,
  call: VisitorCall & { ip: string },
  body: SendVerificationCodeBody,
): Promise<VerificationCodeSent> {
  const now = deps.clock();
  return deps.announcer.run(company.id, async (tx, changed) => {
    const row = await requireVisitorRow(tx, company.id, call.id, call.token, now, true);
    requireVerificationNeeded(row);
    if (row.status !== 'pending' && row.status !== 'verifying') throw refusalOf(row, 'verifying');
    await moveOrThrow(tx, company.id, { id: call.id, to: 'verifying', now });
    const issued = await verification.issueCode(tx, {
      companyId: company.id,
      companyName: company.name,
      joinRequestId: call.id,
      phoneInput: body.phoneNumber,
      ip: call.ip,
      now,
      smsCountries: smsCountriesOf(company.settings),
    });
    // Read again: the view shows the number the new code went to.
    const moved = await repository.findRequest(tx, company.id, call.id);
    if (!moved) throw new Error('join request vanished while sending a code');
    changed(moved);
    afterCommit(tx, () => verification.deliver(company.id, issued.outboxId));
    return {
      request: visitorView(moved),
      phoneNumber: issued.phoneNumber,
      codeExpiresAt: issued.codeExpiresAt.toISOString(),
      resendAfter: issued.resendAfter.toISOString(),
    };
  });
}

/**
 * verifying → verified with the proven number; the request then enters the queue, its wait
 * starting now. A wrong code is answered 422 only after its counted attempt has been committed.
 */
export async function verifyCode(
  deps: LobbyDeps,
  verification: PhoneVerification,
  companyId: string,
  call: VisitorCall,
  body: VerifyCodeBody,
): Promise<VisitorJoinRequest> {
  const now = deps.clock();
  const outcome = await deps.announcer.run(companyId, async (tx, changed) => {
    const row = await requireVisitorRow(tx, companyId, call.id, call.token, now, true);
    requireVerificationNeeded(row);
    if (row.status === 'pending') throw codeRefusal('missing');
    if (row.status !== 'verifying') throw refusalOf(row, 'verified');
    const check = await verification.checkCode(tx, { companyId, joinRequestId: call.id, code: body.code, now });
    if (!check.ok) return check;
    const verified = { phoneNumber: check.phoneNumber, waitingSince: now, expiresAt: waitingDeadline(deps.lobby, now) };
    const moved = await moveOrThrow(tx, companyId, { id: call.id, to: 'verified', changes: verified, now });
    changed(moved);
    return { ok: true as const, request: visitorView(moved) };
  });
  if (!outcome.ok) throw codeRefusal(outcome.reason);
  return outcome.request;
}
