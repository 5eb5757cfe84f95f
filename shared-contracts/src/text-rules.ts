/**
 * Rules every string of every body obeys, whatever its schema: no NUL character (PostgreSQL text
 * cannot hold one, and no person types it) and no lone UTF-16 surrogate (half of a character, not
 * text at all: JSON may spell one as "\ud800", and PostgreSQL refuses it in JSON and text alike).
 * Checked once where bodies enter, before the schema. With the `u` flag a surrogate pair is one
 * code point, so \p{Cs} matches only a lone half; one linear test per string.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /\p{Cs}/u;

/** What breaks the rules in a string. */
export type ForbiddenCharacter = 'nul' | 'lone-surrogate';

/** The first rule the string breaks (a NUL, then a lone surrogate: two linear scans), or null. */
export function forbiddenCharacterIn(text: string): ForbiddenCharacter | null {
  if (text.includes(NUL)) return 'nul';
  return LONE_SURROGATE.test(text) ? 'lone-surrogate' : null;
}

export type FieldPath = (string | number)[];

/** A value still to look at, with the step that reached it; the path is built only for a hit. */
interface Pending {
  value: unknown;
  key: string | number | null;
  parent: Pending | null;
}

function pathOf(node: Pending, last?: string): FieldPath {
  const path: FieldPath = last === undefined ? [] : [last];
  for (let step: Pending | null = node; step && step.key !== null; step = step.parent) path.push(step.key);
  return path.reverse();
}

/** A string (or object key) of a body that breaks the rules: where, and what it holds. */
export interface ForbiddenText {
  path: FieldPath;
  character: ForbiddenCharacter;
}

/**
 * The first string (or object key) holding a NUL or a lone surrogate, or null when there is none.
 * Walks once, with its own stack, not by recursion, and keeps each value's step to its parent
 * rather than a copy of its path: a body nested thousands deep costs its size, neither the call
 * stack nor the square of its depth.
 */
export function firstForbiddenText(value: unknown): ForbiddenText | null {
  const pending: Pending[] = [{ value, key: null, parent: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      const character = forbiddenCharacterIn(current);
      if (character) return { path: pathOf(next), character };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) pending.push({ value: current[index], key: index, parent: next });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const character = forbiddenCharacterIn(key);
        if (character) return { path: pathOf(next, key), character };
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        pending.push({ value: item, key, parent: next });
      }
    }
  }
  return null;
}

/** The path of the first string (or object key) holding a NUL or a lone surrogate, or null. */
export function firstForbiddenField(value: unknown): FieldPath | null {
  return firstForbiddenText(value)?.path ?? null;
}
