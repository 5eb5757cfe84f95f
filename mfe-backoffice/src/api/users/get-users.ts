import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE_MAX, listRequestOf, listSearchParams, type ListRequest } from '@incontra/contracts/api/list-page';
import { usersPageSchema, type UserSortKey, type UsersPage } from '@incontra/contracts/api/users';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { userKeys } from './user-keys';

/** GET /api/users: one page of the company's users, searched and sorted by the API (admins only). */
export function getUsers(request: Partial<ListRequest<UserSortKey>>, signal?: AbortSignal): Promise<UsersPage> {
  const query = listSearchParams(request).toString();
  return apiRequest(`/api/users${query ? `?${query}` : ''}`, { schema: usersPageSchema, signal });
}

export function getUsersQueryOptions(companyId: string, request: ListRequest<UserSortKey>) {
  return queryOptions({
    queryKey: userKeys.page(companyId, request),
    queryFn: ({ signal }) => getUsers(request, signal),
    // The page shown stays while the next one comes: the table does not blink at each key or page.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(request: ListRequest<UserSortKey>) {
  const { company } = useMfeProps();
  return useQuery(getUsersQueryOptions(company.id, request));
}

/** The first hundred users by name, one page (the activity log's author filter). */
export const FIRST_USERS_BY_NAME = listRequestOf<UserSortKey>({ pageSize: LIST_PAGE_SIZE_MAX, sort: 'name' });
