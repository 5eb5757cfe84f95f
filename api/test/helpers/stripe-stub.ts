import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeSubscriptionGateway, type StripeGatewayOptions } from '../../src/payments/stripe/stripe-gateway';

/** One request Stripe's stub received: what the adapter sent, form body decoded. */
export interface StubRequest {
  method: string;
  path: string;
  /** The query string's and the form body's pairs, Stripe's bracket notation kept: `items[0][price]`. */
  params: Record<string, string>;
  /** The raw form body, to look for what must not be there. */
  body: string;
  headers: IncomingHttpHeaders;
}

export interface StubAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An answer, or `hang`: the stub holds the request until it is closed. */
export type StubResponder = (request: StubRequest) => StubAnswer | 'hang';

export interface StripeStub {
  port: number;
  requests: StubRequest[];
  /** Answers `METHOD /v1/path` (exact path) with `responder`, replacing an earlier one. */
  on(route: string, responder: StubResponder): void;
  /** Answers the next `count` calls of `route` with `answer` (then the route's responder again). */
  once(route: string, answer: StubAnswer, count?: number): void;
  /** The requests to `METHOD /v1/path`. */
  calls(route: string): StubRequest[];
  close(): Promise<void>;
}

function paramsOf(search: string, body: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const source of [search, body]) for (const [key, value] of new URLSearchParams(source)) params[key] = value;
  return params;
}

/**
 * A stand-in for api.stripe.com on 127.0.0.1 (there is no internet and no stripe-mock here): it
 * records every request and answers what each test declares, in Stripe's JSON shapes. A route
 * nobody declared answers Stripe's 404 error.
 */
export async function startStripeStub(): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const responders = new Map<string, StubResponder>();
  const queued = new Map<string, StubAnswer[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const body = Buffer.concat(chunks).toString('utf8');
      const request: StubRequest = { method: req.method ?? 'GET', path: url.pathname, params: paramsOf(url.search, body), body, headers: req.headers };
      requests.push(request);
      const route = `${request.method} ${request.path}`;
      const answer = queued.get(route)?.shift() ?? responders.get(route)?.(request) ?? notFound(route);
      if (answer === 'hang') return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}`, ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    on: (route, responder) => void responders.set(route, responder),
    once: (route, answer, count = 1) => {
      const list = queued.get(route) ?? [];
      for (let i = 0; i < count; i += 1) list.push(answer);
      queued.set(route, list);
    },
    calls: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function notFound(route: string): StubAnswer {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such route in the stub: ${route}` } } };
}

/** Stripe's error body for a declined card (HTTP 402). */
export function cardError(code: string, declineCode?: string): StubAnswer {
  return {
    status: 402,
    body: { error: { type: 'card_error', code, ...(declineCode ? { decline_code: declineCode } : {}), message: 'Your card was declined.' } },
  };
}

export const STUB_PRICES = { basic: 'price_basic', pro: 'price_pro' };

/** The company the stub's objects name in their metadata by default. */
export const STUB_COMPANY_ID = '0b6f3c1e-0000-4000-8000-000000000001';

/** The adapter pointed at the stub, with test keys. */
export function stubGateway(stub: StripeStub, options: Partial<StripeGatewayOptions> = {}): StripeSubscriptionGateway {
  return new StripeSubscriptionGateway({
    secretKey: 'sk_test_stub',
    publishableKey: 'pk_test_stub',
    prices: STUB_PRICES,
    timeoutMs: 5000,
    host: '127.0.0.1',
    port: stub.port,
    protocol: 'http',
    ...options,
  });
}

// Stripe-shaped objects: only the fields the adapter reads, with Stripe's names and types.

/** 2026-03-02T09:00:00Z, the test apps' clock start, in Unix seconds. */
export const PERIOD_START = 1_772_442_000;
export const PERIOD_END = PERIOD_START + 31 * 86_400;

export function stripeSubscription(
  fields: {
    id?: string;
    price?: string;
    companyId?: string;
    schedule?: string | null;
    status?: string;
    endedAt?: number | null;
    latestInvoice?: unknown;
    cancelAtPeriodEnd?: boolean;
  } = {},
) {
  return {
    id: fields.id ?? 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    ended_at: fields.endedAt ?? null,
    schedule: fields.schedule ?? null,
    metadata: { company_id: fields.companyId ?? STUB_COMPANY_ID },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          price: { id: fields.price ?? 'price_basic', object: 'price' },
          current_period_start: PERIOD_START,
          current_period_end: PERIOD_END,
        },
      ],
      has_more: false,
    },
    latest_invoice: fields.latestInvoice ?? 'in_1',
  };
}

export interface InvoiceLineFields {
  amount: number;
  price: string;
  proration?: boolean;
  start?: number;
  end?: number;
  tax?: number;
}

export function stripeInvoiceLine(line: InvoiceLineFields, index = 0) {
  return {
    id: `il_${index}`,
    object: 'line_item',
    amount: line.amount,
    currency: 'eur',
    period: { start: line.start ?? PERIOD_START, end: line.end ?? PERIOD_END },
    pricing: { type: 'price_details', price_details: { price: line.price, product: 'prod_1' }, unit_amount_decimal: null },
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        subscription: 'sub_1',
        subscription_item: 'si_1',
        proration: line.proration ?? false,
        proration_details: null,
        invoice_item: null,
      },
    },
    taxes:
      line.tax === undefined
        ? []
        : [
            {
              amount: line.tax,
              tax_behavior: 'exclusive',
              type: 'tax_rate_details',
              taxable_amount: line.amount,
              taxability_reason: 'standard_rated',
              tax_rate_details: null,
            },
          ],
  };
}

export function stripeInvoice(fields: {
  id?: string;
  status?: string;
  lines: InvoiceLineFields[];
  tax?: number;
  companyId?: string | null;
  subscription?: string;
  paidAt?: number | null;
  attemptCount?: number;
  customerMetadata?: Record<string, string>;
}) {
  const net = fields.lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = fields.tax ?? fields.lines.reduce((sum, line) => sum + (line.tax ?? 0), 0);
  const taxed = fields.tax !== undefined || fields.lines.some((line) => line.tax !== undefined);
  return {
    id: fields.id ?? 'in_1',
    object: 'invoice',
    status: fields.status ?? 'paid',
    currency: 'eur',
    customer: { id: 'cus_1', object: 'customer', metadata: fields.customerMetadata ?? {} },
    total: net + tax,
    subtotal: net,
    total_excluding_tax: net,
    total_taxes: taxed
      ? [{ amount: tax, tax_behavior: 'exclusive', type: 'tax_rate_details', taxable_amount: net, taxability_reason: 'standard_rated', tax_rate_details: null }]
      : [],
    attempt_count: fields.attemptCount ?? 1,
    status_transitions: {
      finalized_at: PERIOD_START,
      paid_at: fields.paidAt === undefined ? PERIOD_START + 60 : fields.paidAt,
      marked_uncollectible_at: null,
      voided_at: null,
    },
    period_start: PERIOD_START,
    period_end: PERIOD_END,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: fields.subscription ?? 'sub_1',
        metadata: fields.companyId === null ? {} : { company_id: fields.companyId ?? STUB_COMPANY_ID },
      },
    },
    lines: { object: 'list', data: fields.lines.map(stripeInvoiceLine), has_more: false },
  };
}
