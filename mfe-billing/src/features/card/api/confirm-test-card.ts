import { testCardAnswerSchema, type TestCardAnswer, type TestCardBody } from '@incontra/contracts/api/test-payments';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/payments/test/confirm: the test mode's card confirmation (a declined card is a 402 with its message). */
export function confirmTestCard(body: TestCardBody): Promise<TestCardAnswer> {
  return apiRequest('/api/payments/test/confirm', { method: 'POST', body, schema: testCardAnswerSchema });
}
