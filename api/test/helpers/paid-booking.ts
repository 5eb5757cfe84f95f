import type { CreatedReservation } from '@incontra/contracts/api/reservations';
import { Availability } from '../../src/booking/availability';
import type { PaymentDeps } from '../../src/booking/payments';
import { silentLog } from './silent-log';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

/*
 * What the paid-appointment suites share: the dependencies of the hold sweep as the booking plugin
 * builds them (on the test clock, the agenda's notices dropped), and the customer's two calls after
 * booking a priced topic: paying on the test mode's card form, and the reservation's payment read.
 */

export function paidAppointmentDeps(t: TestApp): PaymentDeps {
  return {
    db: t.db,
    mailer: t.app.mailer,
    clock: t.clock.now,
    agenda: { changed: () => undefined },
    payments: t.app.customerPayments,
    availability: new Availability(t.db, t.clock.now, t.app.cache),
    log: silentLog,
  };
}

/** The customer's card form in test mode, from `browser`: 4242 pays. */
export function payHold(browser: TestClient, created: CreatedReservation, cardNumber = '4242 4242 4242 4242') {
  return browser.post('/api/payments/test/pay', {
    clientSecret: created.checkout!.clientSecret,
    cardNumber,
    expiry: '12/30',
    cvc: '123',
    returnTo: `/prenotazione/${created.reservation.id}`,
  });
}

/** GET /api/reservations/{id}/payment with the reservation's manage token, from `browser`. */
export function readPayment(browser: TestClient, created: CreatedReservation) {
  return browser.get(`/api/reservations/${created.reservation.id}/payment`, { authorization: `Bearer ${created.manageToken}` });
}
