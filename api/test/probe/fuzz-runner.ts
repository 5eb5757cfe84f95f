import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Caller } from './callers';
import { inspect, type Answer, type Finding } from './findings';
import type { Prng } from './prng';
import { UNSAFE_METHODS, type ProbeRequest } from './probe-request';

/** Sends the probe's requests and keeps the counts the closing note asks for. */
export class FuzzRunner {
  requests = 0;
  serverErrors = 0;
  readonly findings: Finding[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly prng: Prng,
  ) {}

  private headersFor(caller: Caller, request: ProbeRequest): Record<string, string> {
    const own = caller.headers(request.route);
    if (request.replacesCallerHeader) delete own[request.replacesCallerHeader];
    return { ...own, ...request.headers };
  }

  private record(caller: Caller, request: ProbeRequest, answer: Answer): Answer {
    this.requests += 1;
    if (answer.statusCode >= 500) this.serverErrors += 1;
    this.findings.push(...inspect(request, caller, answer));
    return answer;
  }

  async send(caller: Caller, request: ProbeRequest): Promise<Answer> {
    const response = await this.app.inject({
      method: request.method as InjectOptions['method'],
      url: request.url,
      headers: this.headersFor(caller, request),
      payload: request.payload,
      remoteAddress: caller.remoteAddress,
    });
    return this.record(caller, request, { statusCode: response.statusCode, headers: response.headers, body: response.body });
  }

  /**
   * Over a real socket, for request targets `inject` rewrites: the absolute form
   * (`POST http://demo.localhost/api/logout`) reaches the server as written.
   */
  async sendOverSocket(caller: Caller, request: ProbeRequest): Promise<Answer> {
    const { port } = this.app.server.address() as AddressInfo;
    const headers = this.headersFor(caller, request);
    // Node frames no body of a DELETE by itself: without a length it would read as a second request.
    if (request.payload !== undefined) headers['content-length'] = String(Buffer.byteLength(request.payload));
    const answer = await new Promise<Answer>((resolve) => {
      const outgoing = httpRequest({ agent: false, host: '127.0.0.1', port, method: request.method, path: request.url, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ statusCode: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      // A connection closed without an answer is a finding of its own (status 0), not a crash of the probe.
      outgoing.on('error', (error) => resolve({ statusCode: 0, headers: {}, body: error.message }));
      outgoing.end(request.payload);
    });
    return this.record(caller, request, answer);
  }

  /** A seeded share of `variants` (only the unsafe ones for a caller without the CSRF token). */
  choose(caller: Caller, variants: ProbeRequest[]): ProbeRequest[] {
    const eligible = caller.withoutCsrf ? variants.filter((variant) => UNSAFE_METHODS.has(variant.method)) : variants;
    const share = eligible.length === 0 ? 0 : caller.shareOf(eligible[0]?.route ?? '');
    return this.prng.sample(eligible, Math.ceil(eligible.length * share));
  }
}
