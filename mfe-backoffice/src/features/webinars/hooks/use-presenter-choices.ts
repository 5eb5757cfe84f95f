import { useQuery } from '@tanstack/react-query';
import type { ManagedUser } from '@incontra/contracts/api/users';
import { can } from '@incontra/contracts/permissions';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { FIRST_USERS_BY_NAME, getUsersQueryOptions } from '../../../api/users/get-users';
import { displayName, useRequiredUser } from '../../auth/hooks/use-required-user';

export interface PresenterChoice {
  value: string;
  label: string;
}

/**
 * Whether the user may present a webinar of `storeId`, as the API checks it: active, and serving
 * the store (an admin, or no store named, serves them all). No store chosen yet: any active user.
 */
const serves = (user: ManagedUser, storeId: string) =>
  user.active && (storeId === '' || user.role === 'admin' || user.storeIds.length === 0 || user.storeIds.includes(storeId));

/**
 * Who may present a webinar of a store, for an admin: the company's active users serving it (the
 * first hundred by name, as the activity log's filter reads them). Operators cannot list users
 * (GET /api/users is the admins'): for them nothing is asked, and `chooses` is false.
 */
export function usePresenterChoices() {
  const { company } = useMfeProps();
  const user = useRequiredUser();
  const chooses = can(user.role, 'manageUsers');
  const users = useQuery({ ...getUsersQueryOptions(company.id, FIRST_USERS_BY_NAME), enabled: chooses });
  const items = users.data?.items;
  return {
    chooses,
    failed: users.isError,
    /** The choices for the store, with those already chosen (`current`) kept by name. */
    choicesFor(storeId: string, current: readonly PresenterChoice[]): PresenterChoice[] {
      const choices = new Map(current.map((choice) => [choice.value, choice.label]));
      for (const each of items ?? []) if (serves(each, storeId)) choices.set(each.id, displayName(each));
      return [...choices].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'it'));
    },
    /** The chosen presenters, less those the users read say do not serve the store (another store chosen since). */
    keptFor(storeId: string, chosen: string[]): string[] {
      const listed = new Map((items ?? []).map((each) => [each.id, each]));
      const kept = chosen.filter((id) => {
        const each = listed.get(id);
        return !each || serves(each, storeId);
      });
      return kept.length === chosen.length ? chosen : kept;
    },
  };
}
