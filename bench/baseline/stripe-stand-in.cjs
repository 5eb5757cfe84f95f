// Stripe's API as the webhook bench needs it, on 127.0.0.1 (the API reaches it through
// STRIPE_API_URL): GET /v1/invoices/{id} answers a paid invoice of the bench company's plan,
// one monthly period per invoice number, so that every distinct event is a new paid invoice.
// GET /bench/read answers how many distinct invoices were read so far (the webhook worker's
// progress, polled by the bench after the load). Started by bench/webhooks.mjs with PORT,
// COMPANY_ID and PRICE_ID.
const http = require('node:http');

const port = Number(process.env.PORT);
const companyId = process.env.COMPANY_ID;
const priceId = process.env.PRICE_ID;
const MONTH_S = 30 * 24 * 3600;
const FIRST_PERIOD_S = Math.floor(Date.UTC(2027, 0, 1) / 1000);
const read = new Set();

function invoice(id) {
  const n = Number(/_(\d+)$/.exec(id)?.[1] ?? 0);
  const start = FIRST_PERIOD_S + n * MONTH_S;
  return {
    id,
    object: 'invoice',
    status: 'paid',
    customer: { id: 'cus_bench', object: 'customer', metadata: { company_id: companyId } },
    parent: { type: 'subscription_details', subscription_details: { metadata: { company_id: companyId }, subscription: 'sub_bench' } },
    lines: { object: 'list', data: [{ id: `il_${n}`, amount: 4900, period: { start, end: start + MONTH_S }, pricing: { price_details: { price: priceId } } }] },
    period_start: start,
    period_end: start + MONTH_S,
    total: 4900,
    total_taxes: [],
    status_transitions: { paid_at: start },
  };
}

http
  .createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/bench/read') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ distinct: read.size }));
        return;
      }
      const match = /^\/v1\/invoices\/(in_[A-Za-z0-9_]+)/.exec(request.url ?? '');
      if (match) read.add(match[1]);
      response.writeHead(match ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(match ? invoice(match[1]) : { error: { type: 'invalid_request_error', message: 'not in the stand-in' } }));
    });
  })
  .listen(port, '127.0.0.1');
