import { queryOptions, useQuery } from '@tanstack/react-query';
import { webinarRegistrationSchema, type WebinarRegistration } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { bearerOf, registrationApiPath, type RegistrationCredentials } from './registration-calls';

/** GET /api/webinar-reservation/{id} with the personal token (401 without one, 404 with a wrong one). */
export function getRegistration(credentials: RegistrationCredentials, signal?: AbortSignal): Promise<WebinarRegistration> {
  return apiRequest(registrationApiPath(credentials), { headers: bearerOf(credentials), schema: webinarRegistrationSchema, signal });
}

/** Keyed by the token too: another link to the same id is another question. */
export const registrationKey = (companyId: string, { id, token }: RegistrationCredentials) =>
  ['company', companyId, 'webinar-registrations', id, token] as const;

export function getRegistrationQueryOptions(companyId: string, credentials: RegistrationCredentials) {
  return queryOptions({
    queryKey: registrationKey(companyId, credentials),
    queryFn: ({ signal }) => getRegistration(credentials, signal),
    // A wrong link stays wrong: no retry, the page says so at once.
    retry: false,
  });
}

export function useRegistration(credentials: RegistrationCredentials) {
  const { company } = useMfeProps();
  return useQuery(getRegistrationQueryOptions(company.id, credentials));
}
