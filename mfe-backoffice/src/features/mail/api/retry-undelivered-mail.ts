import { undeliveredMailSchema, type UndeliveredMail } from '@incontra/contracts/api/mail';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/bo/mail/undelivered/{id}/retry: tries the e-mail again at once and answers it as it then stands (`sentAt` when it went). */
export function retryUndeliveredMail(id: string): Promise<UndeliveredMail> {
  return apiRequest(`/api/bo/mail/undelivered/${encodeURIComponent(id)}/retry`, { method: 'POST', schema: undeliveredMailSchema });
}
