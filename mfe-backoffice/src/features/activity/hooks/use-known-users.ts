import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ActivityPage } from '@incontra/contracts/api/activity';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { displayName } from '../../auth/hooks/use-required-user';
import { FIRST_USERS_BY_NAME, getUsersQueryOptions } from '../../../api/users/get-users';

export interface KnownUser {
  id: string;
  name: string;
}

/**
 * The author filter's choices: the company's users, and the authors met in the entries loaded so
 * far (a deleted user is still the author of their entries; and without the users list the
 * filter still works). Authors met are kept as filters change, so that choosing one does not
 * shrink the choices to that one.
 */
export function useKnownUsers(pages: readonly ActivityPage[] | undefined): KnownUser[] {
  const { company } = useMfeProps();
  const users = useQuery(getUsersQueryOptions(company.id, FIRST_USERS_BY_NAME));
  const [met, setMet] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const authors = (pages ?? []).flatMap((page) => page.entries).filter((entry): entry is typeof entry & { userId: string } => entry.userId !== null);
    setMet((current) => {
      const unseen = authors.filter((entry) => current.get(entry.userId) !== entry.userName);
      return unseen.length === 0 ? current : new Map([...current, ...unseen.map((entry) => [entry.userId, entry.userName] as const)]);
    });
  }, [pages]);
  const known = new Map(met);
  for (const user of users.data?.items ?? []) known.set(user.id, displayName(user));
  return [...known].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'it'));
}
