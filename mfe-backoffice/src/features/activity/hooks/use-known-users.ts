import { useEffect, useState } from 'react';
import type { ActivityPage } from '@incontra/contracts/api/activity';

export interface KnownUser {
  id: string;
  name: string;
}

/**
 * The authors met in the entries loaded so far, by name: the user filter's choices. They are kept
 * as filters change, so that choosing one user does not shrink the list to that user.
 */
export function useKnownUsers(pages: readonly ActivityPage[] | undefined): KnownUser[] {
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const met = (pages ?? []).flatMap((page) => page.entries).filter((entry): entry is typeof entry & { userId: string } => entry.userId !== null);
    setKnown((current) => {
      const unseen = met.filter((entry) => current.get(entry.userId) !== entry.userName);
      return unseen.length === 0 ? current : new Map([...current, ...unseen.map((entry) => [entry.userId, entry.userName] as const)]);
    });
  }, [pages]);
  return [...known].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'it'));
}
