import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Role, SessionRole } from '@/shared/domain/roles';
import type { RegisterInput } from '@/shared/schemas/accounts';
import { type Api, jsonInit, type TestClient } from './client';
import { expectBody } from './responses';
import type { TestServer } from './server';
import { extractLink } from './smtp-peer';

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

/**
 * A valid registration body with `overrides` laid over it (a new password is confirmed too). The
 * overrides may make it invalid, for tests that send it raw; valid ones keep their types.
 */
export function registrationBody<const T extends Record<string, unknown>>(overrides?: T) {
  const password = typeof overrides?.password === 'string' ? overrides.password : STRONG_PASSWORD;
  const body: RegisterInput = {
    displayName: 'Test User',
    email: uniqueEmail(),
    password,
    confirmPassword: password,
    role: 'submissive',
    ageConfirmed: true,
  };
  return { ...body, ...overrides };
}

/** Follows the link of the verification mail to `email`; the address is then confirmed. */
async function confirmAddress(server: TestServer, email: string) {
  const mail = await server.smtp.waitForMail(email, (m) => m.subject === 'Confirm your email for Pact');
  const verified = await fetch(extractLink(mail.raw), { redirect: 'manual' });
  expect(verified.status).toBe(302);
  expect(verified.headers.get('location')).not.toContain('error=');
}

export interface NewUserOptions {
  role?: Role;
  displayName?: string;
  email?: string;
  /** The IANA zone sent at registration (the browser's); repeats keep their wall-clock time in it. */
  timeZone?: string;
  /** For a Switch: the role chosen for the session right after sign-in. */
  actAs?: SessionRole;
}

function newRegistration(opts: NewUserOptions) {
  const body = registrationBody({ role: opts.role ?? 'submissive' });
  if (opts.displayName) body.displayName = opts.displayName;
  if (opts.email) body.email = opts.email;
  if (opts.timeZone) body.timeZone = opts.timeZone;
  return body;
}

const credentialsOf = (body: RegisterInput): Credentials => ({
  email: body.email.trim().toLowerCase(),
  password: body.password,
  displayName: body.displayName,
  role: body.role,
});

/** Registers through the API and confirms the address if the server asks; nobody is signed in. */
export async function registerAndVerify(server: TestServer, opts: NewUserOptions = {}): Promise<Credentials> {
  const body = newRegistration(opts);
  const result = await expectBody(await server.api.auth.register.$post({ json: body }), 201);
  const credentials = credentialsOf(body);
  if (result.status === 'verification_required') await confirmAddress(server, credentials.email);
  return credentials;
}

/** A client signed in with these credentials (the login must succeed). */
export async function signIn(server: TestServer, credentials: Pick<Credentials, 'email' | 'password'>) {
  const client = server.client();
  const { email, password } = credentials;
  await expectBody(await client.api.auth.login.$post({ json: { email, password } }), 200);
  expect(client.sessionCookie()).toBeTruthy();
  return client;
}

/** POST /api/auth/login without cookies; raw, as most callers expect a refusal. */
export const login = (server: TestServer, email: string, password: string) =>
  server.request('/api/auth/login', jsonInit('POST', { email, password }));

/** Asks for a reset mail and returns the token of its link. */
export async function requestResetToken(server: TestServer, email: string) {
  const response = await server.api.auth['forgot-password'].$post({ json: { email } });
  expect(response.status).toBe(200);
  const mail = await server.smtp.waitForMail(email, (m) => m.subject === 'Reset your Pact password');
  const token = new URL(extractLink(mail.raw)).searchParams.get('token');
  expect(token).toBeTruthy();
  return token!;
}

/** A signed-in person: their credentials, their id and a client holding their session cookie. */
const servers = new Map<string, TestServer>();

/** The server a test user was made on (for helpers that set a fact straight in its database). */
export function serverOf(user: { id: string }): TestServer {
  const server = servers.get(user.id);
  if (!server) throw new Error(`${user.id} was not made by createUser`);
  return server;
}

export interface TestUser extends Credentials {
  id: string;
  client: TestClient;
  /** The typed API through `client`. */
  api: Api;
}

/**
 * Registers and signs a user in. On a server without e-mail verification the registration itself signs
 * in (one password hash, no mail); otherwise the verification link is followed first.
 */
export async function createUser(server: TestServer, opts: NewUserOptions = {}): Promise<TestUser> {
  const body = newRegistration(opts);
  let client = server.client();
  const result = await expectBody(await client.api.auth.register.$post({ json: body }), 201);
  const credentials = credentialsOf(body);
  let id: string;
  if (result.status === 'signed_in') {
    id = result.user.id;
  } else {
    await confirmAddress(server, credentials.email);
    client = await signIn(server, credentials);
    const signedIn = (await expectBody(await client.api.me.$get(), 200)).user;
    if (!signedIn) throw new Error(`${credentials.email} is not signed in after signing in`);
    id = signedIn.id;
  }
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  if (opts.actAs) await actAs(client, opts.actAs);
  servers.set(id, server);
  return { ...credentials, id, client, api: client.api };
}

/** A Switch chooses the role of this session (once per session). */
export async function actAs(client: TestClient, role: SessionRole) {
  await expectBody(await client.api.me['session-role'].$put({ json: { role } }), 200);
}

/**
 * A Switch changes role the only way there is: signing in again and choosing. `user`'s client and api
 * become the new session's; the old session stays signed in, in its role.
 */
export async function actAsAnew(server: TestServer, user: TestUser, role: SessionRole) {
  const client = await signIn(server, user);
  await actAs(client, role);
  user.client = client;
  user.api = client.api;
  return user;
}
