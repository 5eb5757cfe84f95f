// The back office's lists at scale: a company with 1,000 users and 1,000 rooms, written straight into the
// embedded database while the API is stopped, then GET /api/users and GET /api/rooms under load as its admin.
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const BENCH_HOST = 'bench.localhost';
const ROWS = 1000;
const STORES = 10;

/** Adds the company "bench" (host bench.localhost) with ROWS users and ROWS rooms; its admin signs in like Demo's. */
export async function seedThousandRows(root, dataDir) {
  const require = createRequire(join(root, 'api', 'package.json'));
  const { PGlite } = require('@electric-sql/pglite');
  const { btree_gist } = require('@electric-sql/pglite/contrib/btree_gist');
  // The embedded database's superuser: row-level security does not apply to it.
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { btree_gist } });
  try {
    await db.transaction(async (tx) => {
      const { rows: demoAdmin } = await tx.query(
        `select u.password_hash from users u join companies c on c.id = u.company_id where c.slug = 'demo' and u.username = 'admin'`,
      );
      const passwordHash = demoAdmin[0].password_hash;
      const { rows: company } = await tx.query(`insert into companies (name, slug) values ('Bench', 'bench') returning id`);
      const companyId = company[0].id;
      await tx.query(`insert into company_hosts (host, company_id) values ($1, $2)`, [BENCH_HOST, companyId]);
      await tx.query(`insert into subscriptions (company_id, plan_id, status) values ($1, 'pro', 'active')`, [companyId]);
      await tx.query(`insert into stores (company_id, name, address) select $1, 'Negozio ' || n, 'Via Roma ' || n from generate_series(1, $2) n`, [
        companyId,
        STORES,
      ]);
      await tx.query(
        `insert into rooms (company_id, store_id, name, reservation_slots, slot_duration)
         select $1, s.id, 'Stanza ' || n, 1 + n % 3, 30
         from generate_series(1, $2) n
         join (select id, row_number() over (order by name) - 1 as i from stores where company_id = $1) s on s.i = n % $3`,
        [companyId, ROWS, STORES],
      );
      await tx.query(
        `insert into users (company_id, username, email, password_hash, role, first_name, last_name)
         select $1, case when n = 1 then 'admin' else 'utente' || n end, 'utente' || n || '@bench.incontra.local', $2,
                case when n = 1 then 'admin' else 'operator' end, 'Nome' || n, 'Cognome' || n
         from generate_series(1, $3) n`,
        [companyId, passwordHash, ROWS],
      );
      // Every third operator serves one store: the list carries their stores too.
      await tx.query(
        `insert into user_stores (company_id, user_id, store_id)
         select $1, u.id, s.id from (select id, row_number() over (order by username) as n from users where company_id = $1 and role = 'operator') u
         join (select id, row_number() over (order by name) - 1 as i from stores where company_id = $1) s on s.i = u.n % $2
         where u.n % 3 = 0`,
        [companyId, STORES],
      );
    });
  } finally {
    await db.close();
  }
  return { users: ROWS, rooms: ROWS, stores: STORES };
}

/** One HTTP call with the given Host header (fetch does not let a caller set it). */
export function call(port, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers: { host: BENCH_HOST, ...headers } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Signs in as the bench company's admin and answers the headers a browser would send. */
export async function signInHeaders(apiPort, password) {
  const cookies = new Map();
  const keep = (response) => {
    for (const line of response.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await call(apiPort, { path: '/api/me' }));
  const csrf = [...cookies].find(([name]) => name.endsWith('csrf'))?.[1];
  const login = await call(apiPort, {
    method: 'POST',
    path: '/api/login',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(), 'x-csrf-token': csrf },
    body: JSON.stringify({ company: 'bench', username: 'admin', password }),
  });
  if (login.status !== 200) throw new Error(`bench admin sign-in answered ${login.status}: ${login.text}`);
  keep(login);
  return { host: BENCH_HOST, cookie: cookieHeader() };
}
