import { useQuery } from '@tanstack/react-query';
import { undeliveredMailsSchema, type UndeliveredMails } from '@incontra/contracts/api/mail';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { mailKeys } from './mail-keys';

/** GET /api/bo/mail/undelivered (admins): the e-mails still unsent after a failure, newest first. */
export function getUndeliveredMail(signal?: AbortSignal): Promise<UndeliveredMails> {
  return apiRequest('/api/bo/mail/undelivered', { schema: undeliveredMailsSchema, signal });
}

export function useUndeliveredMail() {
  const { company } = useMfeProps();
  return useQuery({ queryKey: mailKeys.undelivered(company.id), queryFn: ({ signal }) => getUndeliveredMail(signal) });
}
