import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedUsersSchema, type ManagedUser } from '@incontra/contracts/api/users';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { userKeys } from './user-keys';

/** GET /api/users: every user of the company (admins only). */
export function getUsers(): Promise<ManagedUser[]> {
  return apiRequest('/api/users', { schema: managedUsersSchema });
}

export function getUsersQueryOptions(companyId: string) {
  return queryOptions({ queryKey: userKeys.all(companyId), queryFn: getUsers });
}

export function useUsers() {
  const { company } = useMfeProps();
  return useQuery(getUsersQueryOptions(company.id));
}
