import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION } from '@incontra/contracts/constants';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser of one host: keeps cookies like a browser would and, like apiRequest(), echoes the
 * CSRF cookie in the header of every write.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host = 'demo.localhost',
    /** The client's IP address, as the rate limits see it. */
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  /** Like the apps: the `__Host-` cookie of an https site first, else the bare name. */
  private cookie(name: string): string | undefined {
    return this.cookies.get(`${SESSION.secureCookiePrefix}${name}`) ?? this.cookies.get(name);
  }

  get csrf(): string | undefined {
    return this.cookie(SESSION.csrfCookieName);
  }

  get sessionId(): string | undefined {
    return this.cookie(SESSION.cookieName);
  }

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const allHeaders: Record<string, string> = { host: this.host, ...headers };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) allHeaders.cookie = cookie;
    if (method !== 'GET' && this.csrf && !(SESSION.csrfHeaderName in allHeaders)) allHeaders[SESSION.csrfHeaderName] = this.csrf;
    const options: InjectOptions = { method, url, headers: allHeaders, remoteAddress: this.remoteAddress };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const response = await this.app.inject(options);
    for (const set of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = set.value === '' || set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }

  put(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, body, headers);
  }

  /** Gets the CSRF cookie the way the apps do (GET /api/me), then signs in. */
  async login(username = 'admin', password = 'Incontra2026!', company = this.host.split('.')[0] ?? 'demo') {
    if (!this.csrf) await this.get('/api/me');
    return this.post('/api/login', { company, username, password });
  }
}
