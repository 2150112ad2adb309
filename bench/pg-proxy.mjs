// A PostgreSQL wire-protocol proxy that records every statement a server sends, for counting statements per
// request or per write and for reading the SQL a route runs. PGlite has no log_statement and the shared
// PostgreSQL server has no pg_stat_statements loaded (it needs shared_preload_libraries and a restart), so
// the statements are read off the wire: a server started with DATABASE_URL pointing here talks to the real
// server through this proxy, and each Execute (extended protocol: the SQL of its Parse, by statement name)
// and each simple Query is one statement. Bytes are forwarded unchanged in both directions; only the
// client's messages are parsed. It adds a hop: use it for counting, never on a target being timed.
import net from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** Reads the C string at `at` in `buf`: [text, index after its NUL]. */
function cstring(buf, at) {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
}

/**
 * Starts a proxy in front of the PostgreSQL server of `targetUrl`; answers its url (the same database
 * through the proxy), the statements seen so far and close().
 * Each statement: { sql, prepared (sent under a statement name), simple (a Query message), at (ms) }.
 */
export async function startPgProxy(targetUrl) {
  const target = new URL(targetUrl);
  const statements = [];
  const sockets = new Set();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.pipe(client);

    /** This connection's named statements, and its portals (a Bind's statement). */
    const named = new Map();
    const portals = new Map();
    let unnamed = '';
    let started = false;
    let pending = Buffer.alloc(0);

    const onMessage = (type, body) => {
      switch (type) {
        case 'Q':
          statements.push({ sql: cstring(body, 0)[0], prepared: false, simple: true, at: performance.now() });
          break;
        case 'P': {
          const [name, next] = cstring(body, 0);
          const [sql] = cstring(body, next);
          if (name) named.set(name, sql);
          else unnamed = sql;
          break;
        }
        case 'B': {
          const [portal, next] = cstring(body, 0);
          const [name] = cstring(body, next);
          portals.set(portal, {
            sql: name ? (named.get(name) ?? `<statement ${name}>`) : unnamed,
            prepared: !!name,
          });
          break;
        }
        case 'E': {
          const [portal] = cstring(body, 0);
          const bound = portals.get(portal) ?? { sql: '<unknown portal>', prepared: false };
          statements.push({ ...bound, simple: false, at: performance.now() });
          break;
        }
        case 'C': {
          // Close of a statement ('S') or a portal ('P').
          const [name] = cstring(body, 1);
          if (body[0] === 0x53) named.delete(name);
          break;
        }
      }
    };

    client.on('data', (chunk) => {
      upstream.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (!started) {
          // Untyped start-up messages: an SSL or GSS request (answered by one byte), then the start-up.
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(length);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST && code !== CANCEL_REQUEST) started = true;
          continue;
        }
        if (pending.length < 5) return;
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) return;
        onMessage(String.fromCharCode(pending[0]), pending.subarray(5, 1 + length));
        pending = pending.subarray(1 + length);
      }
    });
  });

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  // A TLS request would hide the messages: the proxy is for a local server only.
  url.searchParams.set('sslmode', 'disable');
  return {
    url: url.toString(),
    statements,
    /** Resolves once no statement has arrived for `quietMs` (the work a request left behind is done). */
    async settled(quietMs = 300, limitMs = 10_000) {
      const until = performance.now() + limitMs;
      for (;;) {
        const count = statements.length;
        await new Promise((r) => setTimeout(r, quietMs));
        if (statements.length === count || performance.now() > until) return;
      }
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** BEGIN, COMMIT, ROLLBACK, SAVEPOINT and RELEASE: the frame of a transaction, not its work. */
export const isTransactionControl = (sql) =>
  /^\s*(begin|commit|rollback|savepoint|release|start transaction)\b/i.test(sql);
