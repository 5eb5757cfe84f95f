import { createContext, useContext } from 'react';
import type { Me } from '@incontra/contracts/api/auth';
import { ERRORS } from '@incontra/contracts/errors';

/**
 * Given by RequireUser to the screens it guards. Reading the user from this context rather than
 * from the query keeps those screens from rendering in the instant between logout and redirect.
 */
export const SignedInUserContext = createContext<Me | null>(null);

/** The signed-in user, for screens behind RequireUser; anywhere else it is a programming error. */
export function useRequiredUser(): Me {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error(ERRORS.requiredUser);
  return user;
}

export function displayName(user: Pick<Me, 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}
