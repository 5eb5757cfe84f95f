/**
 * Rules every string of every body obeys, whatever its schema: no NUL character (PostgreSQL text
 * cannot hold one, and no person types it). Checked once where bodies enter, before the schema.
 */
const NUL = '\u0000';

export type FieldPath = (string | number)[];

/**
 * The path of the first string (or object key) holding a NUL, or null when there is none. Walks
 * with its own stack, not by recursion: a body nested thousands deep must not overflow the call stack.
 */
export function firstNulField(value: unknown): FieldPath | null {
  const pending: { value: unknown; path: FieldPath }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) pending.push({ value: current[index], path: [...path, index] });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) if (key.includes(NUL)) return [...path, key];
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}
