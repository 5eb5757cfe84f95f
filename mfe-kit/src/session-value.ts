/** What a contract schema offers (zod's `safeParse`). */
interface ValueSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/**
 * A value this tab's session storage keeps as JSON under `key`, parsed with `schema`; null when
 * there is none, the storage is refused (private modes), or what is there is not what the schema
 * says (an old shape, a hand-edited entry).
 */
export function readSessionValue<T>(key: string, schema: ValueSchema<T>): T | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
