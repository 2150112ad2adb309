// The floor for GET /api/tasks: a bare node:http + pg server that does what the route has to do and no
// more. It reads the signed session cookie (checks its HMAC with Pact's secret), finds the session and its
// user in one prepared statement, runs the list statement prepared (tasks-sql.mjs), presents the rows as
// Pact's API does, and answers JSON, gzip-compressed when the body is over 1 KB and the client accepts it.
// No framework, no middleware, no ORM. api.mjs starts it; on its own:
//   DATABASE_URL=... AUTH_SECRET=<DATA_DIR/secrets.json authSecret> node bench/baseline-server.mjs
// It prints {"port": N} on its first line once it listens (PORT, default 0: any free port).
// BASELINE_REOPEN=1 adds the reopen-cycles UPDATE (a third prepared statement) before the list.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { gzip } from 'node:zlib';
import pg from 'pg';
import { LIST_SQL, listParams, presentRow, REOPEN_SQL, reopenParams, SESSION_SQL } from './tasks-sql.mjs';

const COOKIE = 'pact.session_token=';
const GZIP_OVER = 1024;
const secret = process.env.AUTH_SECRET;
if (!process.env.DATABASE_URL || !secret) {
  console.error('baseline-server: DATABASE_URL and AUTH_SECRET are required');
  process.exit(2);
}
const reopen = process.env.BASELINE_REOPEN === '1';
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
  const value = decodeURIComponent(cookieHeader.slice(start + COOKIE.length, end));
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function send(req, res, status, value) {
  const body = Buffer.from(JSON.stringify(value));
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  if (body.length > GZIP_OVER && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    gzip(body, (error, zipped) => {
      if (error) {
        res.writeHead(500).end();
        return;
      }
      res.writeHead(status, {
        ...headers,
        'content-encoding': 'gzip',
        'content-length': zipped.length,
        vary: 'Accept-Encoding',
      });
      res.end(zipped);
    });
    return;
  }
  res.writeHead(status, { ...headers, 'content-length': body.length });
  res.end(body);
}

async function listTasks(req, res) {
  const token = tokenOf(req.headers.cookie);
  if (!token)
    return send(req, res, 401, { error: { code: 'NOT_AUTHENTICATED', message: 'Not authenticated' } });
  const session = await pool.query({ name: 'session', text: SESSION_SQL, values: [token], rowMode: 'array' });
  if (session.rows.length === 0) {
    return send(req, res, 401, { error: { code: 'NOT_AUTHENTICATED', message: 'Not authenticated' } });
  }
  const userId = session.rows[0][0];
  if (reopen)
    await pool.query({ name: 'reopen', text: REOPEN_SQL, values: reopenParams(userId), rowMode: 'array' });
  const list = await pool.query({
    name: 'list',
    text: LIST_SQL,
    values: listParams(userId),
    rowMode: 'array',
  });
  send(req, res, 200, { tasks: list.rows.map(presentRow) });
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/api/tasks') {
    listTasks(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(503).end();
    });
  } else if (req.url === '/api/health') {
    send(req, res, 200, { status: 'ok' });
  } else {
    send(req, res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  }
});
server.keepAliveTimeout = 65_000;
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
