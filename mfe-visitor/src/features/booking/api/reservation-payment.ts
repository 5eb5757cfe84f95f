import { reservationPaymentStateSchema, type ReservationPaymentState } from '@incontra/contracts/api/reservations';
import { testPayAnswerSchema, type TestPayAnswer, type TestPayBody } from '@incontra/contracts/api/test-payments';
import { apiRequest } from '@incontra/contracts/http';
import { bearerOf, reservationPath, type ManageCredentials } from './manage-calls';

/** GET /api/reservations/{id}/payment: the payment read again by the API and applied (paid: booked), the card form's data while held. */
export function verifyReservationPayment(credentials: ManageCredentials): Promise<ReservationPaymentState> {
  return apiRequest(reservationPath(credentials, '/payment'), { headers: bearerOf(credentials), schema: reservationPaymentStateSchema });
}

/** POST /api/payments/test/pay: the test mode's card for the held appointment (a declined card is a 402 with its message). */
export function payAppointmentTestCard(body: TestPayBody): Promise<TestPayAnswer> {
  return apiRequest('/api/payments/test/pay', { method: 'POST', body, schema: testPayAnswerSchema });
}
