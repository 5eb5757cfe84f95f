import type { Me } from '@incontra/contracts/api/auth';

/** The name others see by default: first and last name, else the username. */
export function displayNameOf(user: Pick<Me, 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

/** Up to two initials for an avatar: 'Mario Rossi' → 'MR', 'anna' → 'A'; '?' for a blank name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0]!, words[words.length - 1]!] : words).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toLocaleUpperCase('it-IT') || '?';
}
