import { useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE_MAX } from '@incontra/contracts/api/list-page';
import { usersPageSchema, type ManagedUser } from '@incontra/contracts/api/users';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { activityKeys } from './activity-keys';

/**
 * GET /api/users: the author filter's choices, the first hundred users by name (the filter adds
 * the authors met in the entries, so an author beyond them is still offered once read).
 */
export async function getUsers(signal?: AbortSignal): Promise<ManagedUser[]> {
  const page = await apiRequest(`/api/users?pageSize=${LIST_PAGE_SIZE_MAX}&sort=name`, { schema: usersPageSchema, signal });
  return page.items;
}

export function useCompanyUsers() {
  const { company } = useMfeProps();
  return useQuery({ queryKey: activityKeys.users(company.id), queryFn: ({ signal }) => getUsers(signal) });
}
