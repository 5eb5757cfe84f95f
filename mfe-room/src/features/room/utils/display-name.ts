import type { Me } from '@incontra/contracts/api/auth';

/** The name others see by default: first and last name, else the username. */
export function displayNameOf(user: Pick<Me, 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}
