import { randomInt } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import {
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  INVITATION_PARAM,
  LOBBY_RULES,
  normalizeInvitationCode,
  type Invitation,
} from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Tx } from '../db/database';
import { invitations } from '../db/schema';
import { HttpError } from '../http/http-error';

/** The live page the visitor lands on (mfe-visitor's route). */
const LIVE_PAGE_PATH = '/partecipa';
/** A clash among 32^10 codes is astronomically rare; a few tries make it impossible in practice. */
const CODE_TRIES = 5;

export const invitationInvalid = () => new HttpError(404, IT_LOBBY.errors.invitationInvalid);

/** Uniformly random over the alphabet (crypto.randomInt has no modulo bias). */
export function newInvitationCode(): string {
  let code = '';
  for (let index = 0; index < INVITATION_CODE_LENGTH; index += 1) code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)];
  return code;
}

export function invitationUrl(origin: string, code: string): string {
  return `${origin}${LIVE_PAGE_PATH}?${INVITATION_PARAM}=${encodeURIComponent(code)}`;
}

export interface NewInvitation {
  companyId: string;
  storeId: string;
  roomId: string;
  name: string | null;
  createdBy: string;
}

/** Stores a new invitation for 24 hours and answers it; `origin` is where the staff member works. */
export async function insertInvitation(tx: Tx, invitation: NewInvitation, origin: string, now: Date): Promise<Invitation> {
  const expiresAt = new Date(now.getTime() + LOBBY_RULES.invitationTtlMs);
  for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
    const code = newInvitationCode();
    const [row] = await tx
      .insert(invitations)
      .values({ ...invitation, code, createdAt: now, expiresAt })
      .onConflictDoNothing({ target: [invitations.companyId, invitations.code] })
      .returning({ id: invitations.id });
    if (row) {
      return {
        code,
        url: invitationUrl(origin, code),
        roomId: invitation.roomId,
        storeId: invitation.storeId,
        name: invitation.name,
        expiresAt: expiresAt.toISOString(),
      };
    }
  }
  throw new Error('no free invitation code');
}

/** The company's unexpired invitation for a code as typed (any case, spaces or dashes), or 404. */
export async function requireValidInvitation(tx: Tx, companyId: string, typedCode: string, now: Date) {
  const code = normalizeInvitationCode(typedCode);
  const [row] = await tx
    .select({ id: invitations.id, storeId: invitations.storeId, roomId: invitations.roomId })
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.code, code), gt(invitations.expiresAt, now)));
  if (!row) throw invitationInvalid();
  return row;
}
