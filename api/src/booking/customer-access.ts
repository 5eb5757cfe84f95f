import type { PublicCompany } from '@incontra/contracts/api/company';
import { bookingRules } from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { sameToken, tokenHash } from '../auth/tokens';
import type { Clock } from '../common/clock';
import type { StaffContext } from '../auth/authenticate';
import type { Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import * as repository from './repository';

const E = IT_BOOKING.errors;

/** Who changes a reservation and what they may (the customer's token, or staff of its store). */
export interface Access {
  /** The staff member (the change is theirs, logged); null for the customer. */
  staff: StaffContext | null;
  /** The customer's token, for the manage link of a move's e-mail (staff do not have it). */
  manageToken: string | null;
  /** The reservation, or the refusal (404, 401); `lock`: for a write, held until it ends. */
  require(tx: Tx, id: string, lock: boolean): Promise<repository.ReservationRow>;
  /** Refuses a change this side may no longer make (the customer's cut-off), once the row is known to be booked. */
  checkChange(row: repository.ReservationRow): void;
}

/** The reservation this manage token opens: 401 without a token, 404 for one that does not open it (a malformed id is refused by the route's idParam). */
export async function requireByToken(tx: Tx, companyId: string, id: string, token: string | null, lock = false): Promise<repository.ReservationRow> {
  if (!token) throw new HttpError(401, E.tokenRequired);
  const row = await repository.findReservation(tx, companyId, id, lock);
  if (!row?.manageTokenHash || !sameToken(row.manageTokenHash, tokenHash(token))) throw new HttpError(404, E.reservationNotFound);
  return row;
}

/** The customer's access: the manage token, and changes until the cut-off. */
export function customerAccess(company: PublicCompany, token: string | null, clock: Clock): Access {
  const rules = bookingRules(company.settings);
  return {
    staff: null,
    manageToken: token,
    require: (tx, id, lock) => requireByToken(tx, company.id, id, token, lock),
    checkChange: (row) => {
      if (clock().getTime() > row.startsAt.getTime() - rules.cancelCutoffMinutes * 60_000) {
        throw new HttpError(409, E.cutoffPassed(IT_BOOKING.duration(rules.cancelCutoffMinutes)));
      }
    },
  };
}
