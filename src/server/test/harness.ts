import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { expect } from 'vitest';
import type { Role } from '@/shared/domain/roles';
import { createApp } from '../app';
import { createServices, type Services } from '../bootstrap';
import { type Database, openDatabase } from '../db/client';
import { accounts, loginAttempts, sessions, users, verifications } from '../db/schema';
import { loadConfig } from '../env';
import { createLogger } from '../logger';
import { extractLink, type SmtpPeer, startSmtpPeer } from './smtp-peer';

export { extractLink } from './smtp-peer';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
export function databases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

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

export interface TestDatabase {
  database: Database;
  /** Closes the connection (idempotent) and drops the database it created, if any. */
  dispose(): Promise<void>;
}

const adminUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
};

/** A fresh, migrated database: in-memory PGlite, or a new `pact_t_<random>` on the PostgreSQL server. */
export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = idempotentClose(await openDatabase({ kind: 'pglite', dataDir: null }));
    return { database, dispose: () => database.close() };
  }
  const name = `pact_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = idempotentClose(await openDatabase({ kind: 'postgres', url: url.toString() }));
  return {
    database,
    async dispose() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl() });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

function idempotentClose(database: Database): Database {
  let closing: Promise<void> | null = null;
  const close = database.close.bind(database);
  database.close = () => {
    closing ??= close();
    return closing;
  };
  return database;
}

export interface TestClient {
  post(path: string, body?: unknown, init?: RequestInit): Promise<Response>;
  put(path: string, body?: unknown, init?: RequestInit): Promise<Response>;
  get(path: string, init?: RequestInit): Promise<Response>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The cookies the client holds, by name. */
  cookies: Map<string, string>;
  /** The value of the session cookie, or undefined. */
  sessionCookie(): string | undefined;
}

export interface TestServer {
  kind: DbKind;
  url: string;
  smtp: SmtpPeer;
  services: Services;
  clock: TestClock;
  database: Database;
  /** One request without cookies; `path` is relative to the server's origin. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** A browser-like client with its own cookie jar. */
  client(): TestClient;
  /** Rows in a table right now. */
  count(table: PgTable): Promise<number>;
  /** Rows in every table, to show that a refused request changed nothing. */
  rowCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  db?: DbKind;
  requireEmailVerification?: boolean;
  clock?: TestClock;
  /** Run on an existing server's database (not closed by this server) instead of a fresh one. */
  database?: Database;
}

const TABLES = { users, sessions, accounts, verifications, loginAttempts };

export const SESSION_COOKIE = 'pact.session_token';

/**
 * A real HTTP server on 127.0.0.1 (port 0) with its own data directory, its own SMTP peer and a clock
 * the test controls. APP_URL is the server's own origin, so links in mails point back at it.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const kind = opts.db ?? 'pglite';
  const clock = opts.clock ?? new TestClock();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pact-test-'));
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
  });
  const url = `http://127.0.0.1:${port}`;

  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    APP_URL: url,
    PORT: String(port),
    REQUIRE_EMAIL_VERIFICATION: String(opts.requireEmailVerification ?? true),
  });
  const services = await createServices(config, createLogger(config.logLevel), {
    database,
    clock: clock.now,
  });
  const app = createApp(services);
  handler = (request) => app.fetch(request);

  const request = (p: string, init?: RequestInit) => fetch(new URL(p, url), { redirect: 'manual', ...init });

  return {
    kind,
    url,
    smtp,
    services,
    clock,
    database,
    request,
    client: () => createClient(url),
    async count(table) {
      const [row] = await database.db.select({ n: count() }).from(table);
      return row?.n ?? 0;
    },
    async rowCounts() {
      const counts: Record<string, number> = {};
      for (const [name, table] of Object.entries(TABLES)) {
        const [row] = await database.db.select({ n: count() }).from(table);
        counts[name] = row?.n ?? 0;
      }
      return counts;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Event streams and the LISTEN connection, where the services have them.
      await (services as { closeRealtime?: () => Promise<void> }).closeRealtime?.();
      services.mailer.close();
      await smtp.close();
      await owned?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cookie jar that behaves like a browser on one origin: it keeps, replaces and expires cookies. */
export function createClient(origin: string): TestClient {
  const cookies = new Map<string, string>();

  const store = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  };

  const send = async (p: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const method = (init.method ?? 'GET').toUpperCase();
    // Browsers name the origin on every write.
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', origin);
    const response = await fetch(new URL(p, origin), { redirect: 'manual', ...init, headers });
    store(response);
    return response;
  };

  const withJson = (method: string, body: unknown, init: RequestInit = {}): RequestInit => {
    const headers = new Headers(init.headers);
    if (body !== undefined) headers.set('content-type', 'application/json');
    return { ...init, method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  };

  return {
    cookies,
    fetch: send,
    get: (p, init) => send(p, { ...init, method: 'GET' }),
    post: (p, body, init) => send(p, withJson('POST', body, init)),
    put: (p, body, init) => send(p, withJson('PUT', body, init)),
    sessionCookie: () => cookies.get(SESSION_COOKIE),
  };
}

/** A request with a JSON body, as a browser's fetch would send it. */
export const jsonInit = (
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

let sequence = 0;
/** An address no other test uses. */
export const uniqueEmail = (label = 'user') =>
  `${label}-${process.pid}-${++sequence}-${randomBytes(3).toString('hex')}@example.com`;

export const STRONG_PASSWORD = 'Zebra7!quartz';

export interface Credentials {
  email: string;
  password: string;
  displayName: string;
  role: Role;
}

export function registrationBody(overrides: Partial<Record<string, unknown>> = {}) {
  const password = (overrides.password as string | undefined) ?? STRONG_PASSWORD;
  return {
    displayName: 'Test User',
    email: uniqueEmail(),
    password,
    confirmPassword: password,
    role: 'submissive',
    ageConfirmed: true,
    ...overrides,
  };
}

/** Registers through the API, follows the link of the verification mail, and returns the credentials. */
export async function registerAndVerify(
  server: TestServer,
  overrides: Partial<Credentials> & Record<string, unknown> = {},
): Promise<Credentials> {
  const body = registrationBody(overrides);
  const response = await server.request('/api/auth/register', jsonInit('POST', body));
  const result = (await response.json()) as { status: string };
  expect(response.status, JSON.stringify(result)).toBe(201);
  const email = String(body.email).trim().toLowerCase();
  if (result.status === 'verification_required') {
    const mail = await server.smtp.waitForMail(email, (m) => m.subject === 'Confirm your email for Pact');
    const verified = await fetch(extractLink(mail.raw), { redirect: 'manual' });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).not.toContain('error=');
  }
  return { email, password: body.password, displayName: String(body.displayName), role: body.role as Role };
}

/** A client signed in with these credentials (the login must succeed). */
export async function signIn(server: TestServer, credentials: Pick<Credentials, 'email' | 'password'>) {
  const client = server.client();
  const response = await client.post('/api/auth/login', {
    email: credentials.email,
    password: credentials.password,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(client.sessionCookie()).toBeTruthy();
  return client;
}

export const sessionCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));

/** POST /api/auth/login without cookies. */
export const login = (server: TestServer, email: string, password: string) =>
  server.request('/api/auth/login', jsonInit('POST', { email, password }));

/** Asks for a reset mail and returns the token of its link. */
export async function requestResetToken(server: TestServer, email: string) {
  const response = await server.request('/api/auth/forgot-password', jsonInit('POST', { email }));
  expect(response.status).toBe(200);
  const mail = await server.smtp.waitForMail(email, (m) => m.subject === 'Reset your Pact password');
  const token = new URL(extractLink(mail.raw)).searchParams.get('token');
  expect(token).toBeTruthy();
  return token!;
}
