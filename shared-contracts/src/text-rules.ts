/**
 * Rules every string of every body obeys, whatever its schema: no NUL character (PostgreSQL text
 * cannot hold one, and no person types it) and no lone UTF-16 surrogate (half of a character, not
 * text at all: JSON may spell one as "\ud800", and PostgreSQL refuses it in JSON and text alike).
 * Checked once where bodies enter, before the schema. With the `u` flag a surrogate pair is one
 * code point, so \p{Cs} matches only a lone half; one linear test per string.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether the string breaks the rules: holds a NUL or a lone surrogate (two linear scans). */
export function hasForbiddenText(text: string): boolean {
  return text.includes(NUL) || LONE_SURROGATE.test(text);
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

/**
 * The path of the first string (or object key) holding a NUL or a lone surrogate, or null when
 * there is none. Walks
 * with its own stack, not by recursion, and keeps each value's step to its parent rather than a
 * copy of its path: a body nested thousands deep costs its size, neither the call stack nor the
 * square of its depth.
 */
export function firstForbiddenField(value: unknown): FieldPath | null {
  const pending: Pending[] = [{ value, key: null, parent: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (hasForbiddenText(current)) return pathOf(next);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) pending.push({ value: current[index], key: index, parent: next });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) if (hasForbiddenText(key)) return pathOf(next, key);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        pending.push({ value: item, key, parent: next });
      }
    }
  }
  return null;
}
