// What the lobby figures need to talk to the API as a browser would, from Node: the built
// contracts, an HTTP client with a cookie jar and the CSRF double submit, WebSocket clients that
// keep every message with its arrival time, and the statistics.
import http from 'node:http';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contractsDist = join(root, 'shared-contracts', 'dist');

/**
 * The contracts as `npm run build` compiled them (CommonJS): the socket path, close codes,
 * cookie names and Italian texts are read from there, never copied.
 */
export function loadContracts() {
  if (!existsSync(join(contractsDist, 'realtime', 'lobby.js'))) {
    throw new Error(`lobby bench: ${contractsDist}/realtime/lobby.js is missing; run \`npm run build\` first`);
  }
  const requireDist = createRequire(join(contractsDist, 'index.js'));
  return {
    ...requireDist('./realtime/lobby.js'),
    ...requireDist('./api/join-requests.js'),
    SESSION: requireDist('./constants.js').SESSION,
    COOKIE_CONSENT_STORAGE_KEY: requireDist('./constants.js').COOKIE_CONSENT_STORAGE_KEY,
    IT: requireDist('./messages/it.js').IT,
    IT_LOBBY: requireDist('./messages/it-lobby.js').IT_LOBBY,
    IT_ROOM: requireDist('./messages/it-room.js').IT_ROOM,
  };
}

/** The `ws` package the API itself uses (installed in api/node_modules). */
export const WebSocket = createRequire(join(root, 'api', 'package.json'))('ws');

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One "browser" of a company: cookies kept across calls, the CSRF cookie echoed in the header
 * of every write (like the apps' apiRequest), `Authorization: Bearer` when given.
 */
export class HttpClient {
  cookies = new Map();

  constructor({ port, host, csrfCookieName, csrfHeaderName }) {
    Object.assign(this, { port, host, csrfCookieName, csrfHeaderName });
  }

  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Answers `{ status, body }`; throws on a network error or `timeoutMs`. */
  request(method, path, { body, bearer, timeoutMs = 15_000 } = {}) {
    const headers = { host: `${this.host}:${this.port}`, accept: 'application/json' };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const csrf = this.cookies.get(this.csrfCookieName);
    if (method !== 'GET' && csrf && !bearer) headers[this.csrfHeaderName] = csrf;
    return new Promise((resolvePromise, reject) => {
      const req = http.request({ agent, host: '127.0.0.1', port: this.port, method, path, headers, timeout: timeoutMs }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) this.#keepCookie(line);
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON: keep the text for the error message.
          }
          resolvePromise({ status: res.statusCode, body: parsed });
        });
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Like request(), but anything but 2xx is an error naming the call and the API's answer. */
  async expectOk(method, path, options) {
    const response = await this.request(method, path, options);
    if (response.status < 200 || response.status > 299) {
      throw new Error(`lobby bench: ${method} ${path} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 300)}`);
    }
    return response.body;
  }

  /** The apps' way in: GET /api/me gives the CSRF cookie, then POST /api/login. */
  async signIn(company, username, password) {
    await this.request('GET', '/api/me');
    if (!this.cookies.has(this.csrfCookieName)) throw new Error('lobby bench: GET /api/me gave no CSRF cookie');
    await this.expectOk('POST', '/api/login', { body: { company, username, password } });
  }

  #keepCookie(line) {
    const [pair, ...attributes] = line.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/**
 * A WebSocket client that keeps every message it receives with `performance.now()` at arrival,
 * so a figure can be taken from the moment the message landed, not from when it was looked for.
 */
export class Inbox {
  messages = [];
  #waiters = new Set();
  closed = null;

  constructor(socket, label) {
    this.socket = socket;
    this.label = label;
    socket.on('message', (data) => {
      const at = performance.now();
      let message;
      try {
        message = JSON.parse(data.toString('utf8'));
      } catch {
        message = { type: 'unparsable', raw: data.toString('utf8').slice(0, 200) };
      }
      const entry = { at, message, bytes: data.length };
      this.messages.push(entry);
      for (const waiter of this.#waiters) waiter.check(entry);
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString('utf8') };
      for (const waiter of this.#waiters) waiter.fail(new Error(`${this.label}: socket closed (${code} ${this.closed.reason}) while waiting for ${waiter.what}`));
    });
  }

  /** The first message (already received or still to come) matching `predicate`. */
  waitFor(predicate, what, timeoutMs = 10_000) {
    const found = this.messages.find((entry) => predicate(entry.message));
    if (found) return Promise.resolve(found);
    if (this.closed) return Promise.reject(new Error(`${this.label}: socket already closed (${this.closed.code}) before ${what}`));
    return new Promise((resolvePromise, reject) => {
      const waiter = {
        what,
        check: (entry) => {
          if (!predicate(entry.message)) return;
          done();
          resolvePromise(entry);
        },
        fail: (error) => {
          done();
          reject(error);
        },
      };
      const timer = setTimeout(() => waiter.fail(new Error(`${this.label}: no ${what} within ${timeoutMs} ms`)), timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(waiter);
      };
      this.#waiters.add(waiter);
    });
  }

  send(message) {
    this.socket.send(JSON.stringify(message));
  }

  /** Closes (normal closure) and answers once the socket is closed, whoever closed it. */
  close(timeoutMs = 5000) {
    if (this.closed || this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolvePromise) => {
      const timer = setTimeout(() => {
        this.socket.terminate();
        resolvePromise();
      }, timeoutMs);
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolvePromise();
      });
      if (this.socket.readyState !== WebSocket.CLOSING) this.socket.close(1000);
    });
  }
}

/** Opens a socket and answers its Inbox once open; a refused upgrade is an error with the status. */
export function openInbox(url, { label, headers = {}, origin, timeoutMs = 10_000 } = {}) {
  return new Promise((resolvePromise, reject) => {
    const socket = new WebSocket(url, { headers, origin, handshakeTimeout: timeoutMs });
    const inbox = new Inbox(socket, label);
    socket.once('open', () => resolvePromise(inbox));
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`${label}: upgrade refused with HTTP ${response.statusCode}`));
      socket.terminate();
    });
    // Kept for the socket's whole life: an error after the open shows as the close that follows.
    socket.on('error', (error) => reject(new Error(`${label}: ${error.message}`)));
  });
}

/** Runs `task(item, index)` over `items`, `width` at a time, keeping the results in order. */
export async function pool(items, width, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function summary(values) {
  return {
    samples: values.length,
    p50Ms: round(percentile(values, 50), 2),
    p99Ms: round(percentile(values, 99), 2),
    maxMs: round(Math.max(...values), 2),
  };
}

export function median(values) {
  return percentile(values, 50);
}
