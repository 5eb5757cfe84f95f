/** A value a client could put where the contract wants something else, with a name for the report. */
export interface HostileValue {
  label: string;
  value: unknown;
  /** A path segment the router cannot decode: it answers 400 before any route sees an id. */
  undecodable?: boolean;
}

/** Strings that pass a "string" check but carry what databases, logs and pages choke on. */
export const HOSTILE_STRINGS: readonly HostileValue[] = [
  { label: 'string with NUL', value: 'Anna\u0000Rossi' },
  { label: 'only NUL', value: '\u0000' },
  { label: 'lone high surrogate', value: 'Anna\ud800Rossi' },
  { label: 'lone low surrogate', value: '\udc00' },
  { label: 'bidi override', value: 'Anna\u202egnp.exe' },
  { label: 'zero-width and BOM', value: '\ufeff\u200b\u200d' },
  { label: 'C0 controls and ANSI escape', value: '\u0001\u0007\u001b[31mrosso\u001b[0m' },
  { label: 'HTML', value: '<img src=x onerror=alert(1)>' },
  { label: 'script end tag', value: '</script><script>alert(1)</script>' },
  { label: 'SQL quote', value: "' OR '1'='1' --" },
  { label: 'path traversal', value: '../../../etc/passwd' },
  { label: 'percent escapes', value: '%00%2e%2e%2f%ff' },
  { label: 'CRLF', value: 'a\r\nSet-Cookie: x=1' },
  { label: 'empty string', value: '' },
  { label: 'whitespace only', value: ' \t\n\u00a0' },
  { label: 'emoji ZWJ sequence', value: '👩🏽‍💻🇮🇹' },
  { label: 'long string (10,000)', value: 'a'.repeat(10_000) },
  { label: 'long multibyte string (200,000)', value: 'è'.repeat(200_000) },
  { label: 'number as string', value: '123' },
  { label: 'invalid UUID', value: '00000000-0000-0000-0000-00000000000g' },
  { label: 'nil UUID', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'e-mail with NUL', value: 'admin\u0000@demo.incontra.local' },
];

/** JSON values of the wrong type. */
export const HOSTILE_NON_STRINGS: readonly HostileValue[] = [
  { label: 'number', value: 123 },
  { label: 'negative number', value: -1 },
  { label: 'float', value: 1.5 },
  { label: 'huge number', value: 1e308 },
  { label: 'true', value: true },
  { label: 'null', value: null },
  { label: 'array of strings', value: ['a', 'b'] },
  { label: 'empty array', value: [] },
  { label: 'object', value: { a: 1 } },
  { label: 'operator object', value: { $gt: '' } },
  { label: 'array of objects', value: [{ toString: 'x' }] },
];

export const HOSTILE_VALUES: readonly HostileValue[] = [...HOSTILE_STRINGS, ...HOSTILE_NON_STRINGS];

/** What goes in place of an id in a path: each must be answered 4xx, never 5xx. */
export const HOSTILE_PATH_SEGMENTS: readonly HostileValue[] = [
  { label: 'not a UUID', value: 'not-a-uuid' },
  { label: 'nil UUID', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'unknown UUID', value: '5d9f3c2a-6b1e-4c8d-9a7f-0e1d2c3b4a59' },
  { label: 'UUID with a bad digit', value: '5d9f3c2a-6b1e-4c8d-9a7f-0e1d2c3b4a5g' },
  { label: 'UUID in braces', value: '%7B5d9f3c2a-6b1e-4c8d-9a7f-0e1d2c3b4a59%7D' },
  { label: 'number', value: '1' },
  { label: 'negative number', value: '-1' },
  { label: 'percent-encoded NUL', value: 'a%00b' },
  { label: 'percent-encoded slash', value: '..%2F..%2Fapi%2Fme' },
  { label: 'bad percent escape', value: '%E0%A4%A', undecodable: true },
  { label: 'overlong UTF-8', value: '%C0%AE%C0%AE', undecodable: true },
  { label: 'percent-encoded lone surrogate', value: '%ED%A0%80', undecodable: true },
  { label: 'long segment (3,000)', value: 'a'.repeat(3000) },
  { label: 'SQL quote', value: "1'%20OR%20'1'='1" },
  { label: 'HTML', value: '%3Cscript%3Ealert(1)%3C%2Fscript%3E' },
  { label: 'dot dot', value: '..' },
  { label: 'unicode', value: '%C3%A8%F0%9F%98%80' },
];
