import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { serve } from '@hono/node-server';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createApp } from '../app';
import { createServices, type Services } from '../bootstrap';
import type { Database } from '../db/client';
import type { Mailer } from '../email/mailer';
import { loadConfig } from '../env';
import { keepConnections } from '../http/keep-alive';
import { createLogger } from '../logger';
import type { OutboxTuning } from '../outbox/worker';
import type { PushTuning } from '../push/service';
import { type Api, anonymousApi, createClient, type TestClient } from './client';
import { countRows, type DbKind, openTestDatabase, type RowCounts } from './database';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer';

/** A clock the test moves by hand; it starts at the real time so that the library's own checks agree. */
export class TestClock {
  private ms = Date.now();
  readonly now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
  set(date: Date) {
    this.ms = date.getTime();
  }
}

export interface TestServer {
  kind: DbKind;
  dataDir: string;
  url: string;
  smtp: SmtpPeer;
  services: Services;
  clock: TestClock;
  database: Database;
  /** One request without cookies; `path` is relative to the server's origin. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The typed API without cookies, like `request`. */
  api: Api;
  /**
   * A browser-like client with its own cookie jar, or with `cookies` of another client: the same browser
   * reaching this instance, as behind a load balancer.
   */
  client(cookies?: Map<string, string>): TestClient;
  /** Rows in a table right now. */
  count(table: PgTable): Promise<number>;
  /** Rows in every table of the schema, to show that a refused request changed nothing. */
  rowCounts(): Promise<RowCounts>;
  /** Resolves once no mail is due in the outbox and every one being sent has gone out or failed. */
  mailsSettled(): Promise<void>;
  /** What the server logged so far, one JSON line each (empty unless `captureLogs`). */
  logs(): string[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  db?: DbKind;
  requireEmailVerification?: boolean;
  clock?: TestClock;
  /** Run on an existing server's database (not closed by this server) instead of a fresh one. */
  database?: Database;
  /** Run on an existing data directory (not removed by this server), as after a restart. */
  dataDir?: string;
  /**
   * Multiplies the rate limits: 1000 unless told (a test file makes many users from one address); the
   * tests of the limits themselves run with 1, the production figures.
   */
  rateLimitScale?: number;
  /** More environment, as an operator sets it: AUTH_SECRET, MEDIA_STORAGE. */
  env?: Record<string, string>;
  /** A shorter push time limit (a local push service answers at once or never). */
  push?: PushTuning;
  /** No SMTP_URL: mails are written to DATA_DIR/outbox as .eml files (the SMTP peer receives nothing). */
  mailToFiles?: boolean;
  /** The outbox's pauses, lease and poll in place of the production ones. */
  outbox?: OutboxTuning;
  /** Keep every log line, from debug up, for `logs()` (the server logs nothing otherwise). */
  captureLogs?: boolean;
}

/**
 * A real HTTP server on 127.0.0.1 (port 0) with its own data directory, its own SMTP peer and a clock
 * the test controls. APP_URL is the server's own origin, so links in mails point back at it.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const kind = opts.db ?? 'pglite';
  const clock = opts.clock ?? new TestClock();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'pact-test-'));
  const smtp = await startSmtpPeer();
  const owned = opts.database ? null : await openTestDatabase(kind);
  const database = opts.database ?? owned!.database;

  let handler: (request: Request) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503 });
  const { server, port } = await new Promise<{ server: Server; port: number }>((resolve) => {
    const s = serve(
      { fetch: (request) => handler(request), port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => resolve({ server: s as Server, port: info.port }),
    );
    keepConnections(s as Server);
  });
  const url = `http://127.0.0.1:${port}`;

  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(opts.mailToFiles ? {} : { SMTP_URL: smtp.url }),
    APP_URL: url,
    PORT: String(port),
    REQUIRE_EMAIL_VERIFICATION: String(opts.requireEmailVerification ?? true),
    RATE_LIMIT_SCALE: String(opts.rateLimitScale ?? 1000),
    // The server the database lives on, so that the defaults that follow it (media storage) do too.
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...opts.env,
  });
  const logLines: string[] = [];
  const logger = opts.captureLogs
    ? createLogger(
        'debug',
        new Writable({
          write(chunk, _encoding, done) {
            logLines.push(...String(chunk).split('\n').filter(Boolean));
            done();
          },
        }),
      )
    : createLogger(config.logLevel);
  const services = await createServices(config, logger, {
    database,
    clock: clock.now,
    push: opts.push,
    outbox: opts.outbox,
    // Reminders run when a test says, at its clock's time (decision 047).
    scheduleReminders: false,
  });
  const sendsSettled = trackSends(services.mailer);
  const mailsSettled = async () => {
    await services.outbox.drain();
    await sendsSettled();
  };
  const app = createApp(services);
  handler = (request) => app.fetch(request);

  return {
    kind,
    dataDir,
    url,
    smtp,
    services,
    clock,
    database,
    request: (p, init) => fetch(new URL(p, url), { redirect: 'manual', ...init }),
    api: anonymousApi(url),
    client: (cookies) => createClient(url, cookies),
    async count(table) {
      const [row] = await database.db.select({ n: count() }).from(table);
      return row?.n ?? 0;
    },
    rowCounts: () => countRows(database.db),
    mailsSettled,
    logs: () => [...logLines],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Event streams and the LISTEN connection.
      await services.closeRealtime();
      services.push.delivery.close();
      await services.outbox.close();
      services.mailer.close();
      await smtp.close();
      await owned?.dispose();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Mails leave in the background: this lets a test wait for those under way instead of for a while. */
function trackSends(mailer: Mailer) {
  const sending = new Set<Promise<void>>();
  const send = mailer.send.bind(mailer);
  mailer.send = (mail) => {
    const sent = send(mail);
    const settled = sent.then(
      () => {},
      () => {},
    );
    sending.add(settled);
    void settled.then(() => sending.delete(settled));
    return sent;
  };
  return async () => {
    while (sending.size > 0) await Promise.all(sending);
  };
}
