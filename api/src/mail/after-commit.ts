import type { StaffMember } from '../common/staff-member';
import { afterCommit, type Tx } from '../db/database';
import type { MailMessage } from './mail-transport';
import type { Mailer } from './mailer';

/**
 * Writes `message` to the outbox inside the caller's transaction and delivers it once that
 * transaction has committed (afterCommit); never for a rolled-back one. The delivery does not hold
 * the caller's answer, and what it misses the outbox's redelivery sweep sends. Answers the outbox id.
 */
export async function enqueueMail(tx: Tx, mailer: Mailer, companyId: string, message: MailMessage, sentBy?: StaffMember): Promise<string> {
  const id = await mailer.enqueue(tx, companyId, message, sentBy);
  afterCommit(tx, () => {
    void mailer.deliver(companyId, id);
  });
  return id;
}
