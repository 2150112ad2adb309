// The fair ceiling of Pact's list routes: a bare node:http + pg server doing exactly what each route does
// now and nothing else. It checks the session cookie's HMAC with Pact's secret, keeps sessions in memory
// (read once from the database, then from a Map for 60 s, as Pact's session cache does), sends the route's
// own statements prepared (ceiling-sql.mjs: Pact's SQL, copied from the wire), presents the same JSON
// fields, and gzips at level 1 from 1,024 characters, as Pact's compressJson does; every answer carries
// the headers Pact adds (CEILING_HEADERS, a JSON object lists.mjs copies from Pact's own answer). Any
// other /api path is Pact's 404, with no database work: the floor of a request that does nothing.
// No framework, no middleware, no ORM. lists.mjs starts it; on its own:
//   DATABASE_URL=... AUTH_SECRET=<DATA_DIR/secrets.json authSecret> node bench/ceiling-server.mjs
// It prints {"port": N} on its first line once it listens (PORT, default 0: any free port).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { CONNECTED_SQL, partnerIdOf, ROUTES, SESSION_SQL } from './ceiling-sql.mjs';

const COOKIE = 'pact.session_token=';
const COMPRESS_FROM = 1024;
const SESSION_TTL_MS = 60_000;
const secret = process.env.AUTH_SECRET;
if (!process.env.DATABASE_URL || !secret) {
  console.error('ceiling-server: DATABASE_URL and AUTH_SECRET are required');
  process.exit(2);
}
const key = Buffer.from(secret);
const extraHeaders = JSON.parse(process.env.CEILING_HEADERS ?? '{}');
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 10),
});
pool.on('error', () => {});

/** The session token of a signed cookie value `token.base64(hmac-sha256(secret, token))`, or null. */
function tokenOf(cookieHeader) {
  if (!cookieHeader) return null;
  const start = cookieHeader.indexOf(COOKIE);
  if (start < 0) return null;
  let end = cookieHeader.indexOf(';', start);
  if (end < 0) end = cookieHeader.length;
  let value;
  try {
    value = decodeURIComponent(cookieHeader.slice(start + COOKIE.length, end));
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', key).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** token -> { actor, expiresAt, storedAt } */
const sessions = new Map();

async function actorOf(req) {
  const token = tokenOf(req.headers.cookie);
  if (!token) return null;
  const now = Date.now();
  const cached = sessions.get(token);
  if (cached && now - cached.storedAt < SESSION_TTL_MS && cached.expiresAt > now) return cached.actor;
  const { rows } = await pool.query({
    name: 'session',
    text: SESSION_SQL,
    values: [token],
    rowMode: 'array',
  });
  if (rows.length === 0) return null;
  const [id, sessionRole, expiresAt, role] = rows[0];
  const actor = { id, actingRole: role === 'switch' ? sessionRole : role };
  sessions.set(token, { actor, expiresAt: expiresAt.getTime(), storedAt: now });
  return actor;
}

function send(req, res, status, value) {
  const text = JSON.stringify(value);
  const headers = { ...extraHeaders, 'content-type': 'application/json', 'cache-control': 'no-store' };
  if (/\bgzip\b/i.test(req.headers['accept-encoding'] ?? '')) {
    headers.vary = 'Accept-Encoding';
    if (text.length >= COMPRESS_FROM) {
      const zipped = gzipSync(text, { level: 1 });
      res.writeHead(status, { ...headers, 'content-encoding': 'gzip', 'content-length': zipped.length });
      res.end(zipped);
      return;
    }
  }
  const body = Buffer.from(text);
  res.writeHead(status, { ...headers, 'content-length': body.length });
  res.end(body);
}

const error = (code, message) => ({ error: { code, message } });
const run = (name, text, values) => pool.query({ name, text, values, rowMode: 'array' }).then((r) => r.rows);

async function list(req, res, route, query) {
  const actor = await actorOf(req);
  if (!actor) return send(req, res, 401, error('NOT_AUTHENTICATED', 'Not authenticated'));
  let partnerId = null;
  if (route.partner) {
    partnerId = partnerIdOf(query);
    if (!partnerId) return send(req, res, 400, error('VALIDATION', 'Please choose a partner'));
  }
  const results = await Promise.all(
    route.statements.map(([name, text, values]) =>
      typeof text === 'string'
        ? run(name, text, values(actor, partnerId))
        : run(`${name}_${actor.actingRole}`, text[actor.actingRole], values(actor, partnerId)),
    ),
  );
  if (route.due?.(results[0], Date.now())) {
    return send(req, res, 500, error('INTERNAL', 'the ceiling does not reopen repeating tasks'));
  }
  if (route.empty && results[0].length === 0) {
    const connected =
      actor.id !== partnerId && (await run('connected', CONNECTED_SQL, [actor.id, partnerId, 1])).length > 0;
    if (route.empty === 'null' && connected) return send(req, res, 200, { contract: null });
    if (!connected) return send(req, res, 404, error('NOT_FOUND', route.notFound));
  }
  send(req, res, 200, route.present(results, actor));
}

const server = http.createServer((req, res) => {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const route = req.method === 'GET' ? ROUTES[path] : undefined;
  if (route) {
    list(req, res, route, new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1))).catch(() => {
      if (!res.headersSent) res.writeHead(503).end();
    });
  } else if (path === '/api/health') {
    send(req, res, 200, { status: 'ok', database: 'postgres' });
  } else {
    send(req, res, 404, error('NOT_FOUND', 'Not found'));
  }
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.info(JSON.stringify({ port: server.address().port }));
});
const stop = () => {
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
