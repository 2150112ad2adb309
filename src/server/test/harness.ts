import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { expect } from 'vitest';
import type { Role, SessionRole } from '@/shared/domain/roles';
import { createApp } from '../app';
import { createServices, type Services } from '../bootstrap';
import { type Database, openDatabase } from '../db/client';
import {
  accounts,
  blockedUsers,
  loginAttempts,
  notifications,
  pairs,
  partnerRequests,
  partners,
  sessions,
  users,
  verifications,
} from '../db/schema';
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
  delete(path: string, init?: RequestInit): Promise<Response>;
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

const TABLES = {
  users,
  sessions,
  accounts,
  verifications,
  loginAttempts,
  partners,
  partnerRequests,
  pairs,
  blockedUsers,
  notifications,
};

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
      // One round trip: these run around nearly every refused call.
      const columns = Object.entries(TABLES).map(
        ([name, table]) => sql`(select count(*)::int from ${table}) as ${sql.identifier(name)}`,
      );
      const result = (await database.db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
        rows: Record<string, number | string>[];
      };
      const row = result.rows[0] ?? {};
      return Object.fromEntries(Object.keys(TABLES).map((name) => [name, Number(row[name] ?? 0)]));
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
    delete: (p, init) => send(p, { ...init, method: 'DELETE' }),
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

/** A signed-in person: their credentials, their id and a client holding their session cookie. */
export interface TestUser extends Credentials {
  id: string;
  client: TestClient;
}

export interface NewUserOptions {
  role?: Role;
  displayName?: string;
  email?: string;
  /** For a Switch: the role chosen for the session right after sign-in. */
  actAs?: SessionRole;
}

/**
 * Registers and signs a user in. On a server without e-mail verification the registration itself signs
 * in (one password hash, no mail); otherwise the verification link is followed first.
 */
export async function createUser(server: TestServer, opts: NewUserOptions = {}): Promise<TestUser> {
  const overrides: Record<string, unknown> = { role: opts.role ?? 'submissive' };
  if (opts.displayName) overrides.displayName = opts.displayName;
  if (opts.email) overrides.email = opts.email;
  const body = registrationBody(overrides);
  const client = server.client();
  const response = await client.post('/api/auth/register', body);
  const result = (await response.json()) as { status: string; user?: { id: string } };
  expect(response.status, JSON.stringify(result)).toBe(201);
  const credentials: Credentials = {
    email: String(body.email).trim().toLowerCase(),
    password: String(body.password),
    displayName: String(body.displayName),
    role: body.role as Role,
  };
  let signedIn = client;
  let id = result.user?.id;
  if (result.status === 'verification_required') {
    const mail = await server.smtp.waitForMail(
      credentials.email,
      (m) => m.subject === 'Confirm your email for Pact',
    );
    expect((await fetch(extractLink(mail.raw), { redirect: 'manual' })).status).toBe(302);
    signedIn = await signIn(server, credentials);
    const me = await signedIn.get('/api/me');
    expect(me.status).toBe(200);
    id = ((await me.json()) as { user: { id: string } }).user.id;
  }
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  if (opts.actAs) await actAs(signedIn, opts.actAs);
  return { ...credentials, id: id!, client: signedIn };
}

/** A Switch chooses the role of this session. */
export async function actAs(client: TestClient, role: SessionRole) {
  const response = await client.put('/api/me/session-role', { role });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** `from` asks `to` to connect; answers the request as the server presents it. */
export async function sendRequest(from: TestUser, to: TestUser) {
  const response = await from.client.post('/api/partner-requests', { receiverId: to.id });
  const body = (await response.json()) as { request: { id: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.request;
}

/** `from` asks, `to` accepts: the two are partners. Returns the id of the request. */
export async function connect(from: TestUser, to: TestUser) {
  const request = await sendRequest(from, to);
  const accepted = await to.client.post(`/api/partner-requests/${request.id}/accept`);
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  return request.id;
}

/** A dominant and a submissive, connected (the dominant asked). */
export async function createCouple(server: TestServer) {
  const dominant = await createUser(server, { role: 'dominant', displayName: 'Dana Dom' });
  const submissive = await createUser(server, { role: 'submissive', displayName: 'Sam Sub' });
  const requestId = await connect(dominant, submissive);
  return { dominant, submissive, requestId };
}

/** The `{ error: { code, message } }` body of a refusal, after checking its status and shape. */
export async function expectError(response: Response, status: number, code?: string, message?: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type'), text).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error: { code: string; message: string; fields?: unknown } };
  expect(body.error.code).toMatch(/^[A-Z_]+$/);
  expect(typeof body.error.message).toBe('string');
  if (code !== undefined) expect(body.error.code).toBe(code);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body;
}

export interface SseMessage {
  event: string;
  data: string;
}

export interface EventStream {
  /** Every event received so far, in order (heartbeats included). */
  readonly messages: SseMessage[];
  /** The names of the events received so far, without `ready` and `ping`. */
  names(): string[];
  /**
   * The first event called `name` (and whose parsed data satisfies `where`) not already taken by an
   * earlier call; waits for it.
   */
  next<T = Record<string, unknown>>(
    name: string,
    where?: (data: T) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  /** True once the server has ended the stream (or the client closed it). */
  isEnded(): boolean;
  /** Closes the stream from the client's side. */
  close(): void;
}

/**
 * A client of GET /api/events that reads the stream as a browser's EventSource would: `event:` and
 * `data:` lines, dispatched on a blank line. Resolves once the `ready` event has arrived, that is once
 * the server has registered the connection.
 */
export async function openEventStream(client: TestClient, timeoutMs = 5_000): Promise<EventStream> {
  const controller = new AbortController();
  const response = await client.fetch('/api/events', {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const messages: SseMessage[] = [];
  const taken = new Set<SseMessage>();
  const waiters = new Set<() => void>();
  let ended = false;
  let markEnded: () => void = () => {};
  const endedPromise = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const finish = () => {
    ended = true;
    markEnded();
    for (const wake of [...waiters]) wake();
  };

  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let event = 'message';
    let data: string[] = [];
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let newline = buffer.search(/\r?\n/);
        while (newline !== -1) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + (buffer[newline] === '\r' ? 2 : 1));
          newline = buffer.search(/\r?\n/);
          if (line === '') {
            if (data.length > 0 || event !== 'message') {
              messages.push({ event, data: data.join('\n') });
              for (const wake of [...waiters]) wake();
            }
            event = 'message';
            data = [];
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = text;
          else if (field === 'data') data.push(text);
        }
      }
    } catch {
      // Aborted by the client, or the server went away: the stream has ended either way.
    } finally {
      finish();
    }
  })();

  const stream: EventStream = {
    messages,
    names: () => messages.map((m) => m.event).filter((n) => n !== 'ready' && n !== 'ping'),
    next<T>(name: string, where: (data: T) => boolean = () => true, wait = 5_000) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          for (const m of messages) {
            if (taken.has(m) || m.event !== name) continue;
            const parsed = JSON.parse(m.data) as T;
            if (!where(parsed)) continue;
            taken.add(m);
            done();
            resolve(parsed);
            return;
          }
          if (ended) {
            done();
            reject(new Error(`The stream ended without a ${name} event (got: ${stream.names().join(', ')})`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`No ${name} event within ${wait} ms (got: ${stream.names().join(', ')})`));
        }, wait);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    ended: endedPromise,
    isEnded: () => ended,
    close: () => controller.abort(),
  };
  await stream.next('ready', undefined, timeoutMs);
  return stream;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
