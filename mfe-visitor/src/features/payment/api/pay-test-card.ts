import { testPayAnswerSchema, type TestPayAnswer, type TestPayBody } from '@incontra/contracts/api/test-payments';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/payments/test/pay: the test mode's card for a customer's payment (a declined card is a 402 with its message). */
export function payTestCard(body: TestPayBody): Promise<TestPayAnswer> {
  return apiRequest('/api/payments/test/pay', { method: 'POST', body, schema: testPayAnswerSchema });
}
