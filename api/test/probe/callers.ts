import { SESSION } from '@incontra/contracts/constants';
import type { TestClient } from '../helpers/test-client';
import type { Prng } from './prng';

/** Who sends a probe request: its Host, cookies and credentials. */
export interface Caller {
  name: string;
  remoteAddress: string;
  headers(route: string): Record<string, string>;
  /** Holds a staff session cookie but sends no valid CSRF token: its unsafe calls must all fail. */
  withoutCsrf: boolean;
  /** The share (0–1) of a route's variants this caller sends; the seeded generator picks which. */
  shareOf(route: string): number;
}

const isCsrfCookie = (name: string) => name.endsWith(SESSION.csrfCookieName);

export function cookieHeader(cookies: ReadonlyMap<string, string>, keep: (name: string) => boolean = () => true): string {
  return [...cookies]
    .filter(([name]) => keep(name))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** A browser as it is (cookies, CSRF header echoed like the apps do), optionally with a Bearer. */
export function browserCaller(
  name: string,
  browser: TestClient,
  remoteAddress: string,
  options: { bearer?: (route: string) => string | null; shareOf: (route: string) => number },
): Caller {
  return {
    name,
    remoteAddress,
    withoutCsrf: false,
    shareOf: options.shareOf,
    headers(route) {
      const headers: Record<string, string> = { host: browser.host };
      const cookie = cookieHeader(browser.cookies);
      if (cookie) headers.cookie = cookie;
      if (browser.csrf) headers[SESSION.csrfHeaderName] = browser.csrf;
      const bearer = options.bearer?.(route) ?? null;
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      return headers;
    },
  };
}

/**
 * The staff member's browser on a forged page: the session cookie goes along, the CSRF token does
 * not (missing, empty, made up, or another browser's cookie and header pair), in a seeded rotation.
 */
export function csrfLessCaller(staff: TestClient, stranger: TestClient, remoteAddress: string, prng: Prng, share: number): Caller {
  const flavours: ((headers: Record<string, string>) => void)[] = [
    () => undefined,
    (headers) => {
      headers[SESSION.csrfHeaderName] = '';
    },
    (headers) => {
      headers[SESSION.csrfHeaderName] = 'A'.repeat(43);
    },
    (headers) => {
      headers.cookie = [cookieHeader(staff.cookies, (name) => !isCsrfCookie(name)), cookieHeader(stranger.cookies, isCsrfCookie)].filter(Boolean).join('; ');
      if (stranger.csrf) headers[SESSION.csrfHeaderName] = stranger.csrf;
    },
  ];
  return {
    name: 'staff without CSRF token',
    remoteAddress,
    withoutCsrf: true,
    shareOf: () => share,
    headers() {
      const headers: Record<string, string> = { host: staff.host, cookie: cookieHeader(staff.cookies) };
      prng.pick(flavours)(headers);
      return headers;
    },
  };
}
