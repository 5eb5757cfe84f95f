import { useQuery } from '@tanstack/react-query';
import { managedUsersSchema, type ManagedUser } from '@incontra/contracts/api/users';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { activityKeys } from './activity-keys';

/** GET /api/users: the company's users, the author filter's choices. */
export function getUsers(signal?: AbortSignal): Promise<ManagedUser[]> {
  return apiRequest('/api/users', { schema: managedUsersSchema, signal });
}

export function useCompanyUsers() {
  const { company } = useMfeProps();
  return useQuery({ queryKey: activityKeys.users(company.id), queryFn: ({ signal }) => getUsers(signal) });
}
