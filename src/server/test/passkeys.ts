import { SoftAuthenticator } from './authenticator';
import type { TestClient } from './client';
import { expectBody } from './responses';
import type { TestServer } from './server';

/** The options a route answered, as a browser hands them to the authenticator. */
// biome-ignore lint/suspicious/noExplicitAny: WebAuthn's JSON, read by the authenticator
type Options = any;

export const optionsOf = async (client: TestClient, path: string): Promise<Options> =>
  expectBody(await client.get(path), 200);

export const authenticatorFor = (server: TestServer) => new SoftAuthenticator(new URL(server.url).hostname);

/** Registers a new passkey for the client's user; answers the authenticator and the stored passkey. */
export async function addPasskey(server: TestServer, client: TestClient, name?: string) {
  const authenticator = authenticatorFor(server);
  const options = await optionsOf(client, '/api/me/passkeys/register-options');
  const response = authenticator.register(options, { origin: server.url });
  const answer = await client.post('/api/me/passkeys', { response, ...(name ? { name } : {}) });
  const body: { passkey: { id: string; name: string | null } } = await expectBody(answer, 201);
  return { authenticator, passkey: body.passkey };
}

/** A fresh browser signs in with the passkey: the raw answer of POST /api/auth/passkey/login. */
export async function passkeySignIn(
  server: TestServer,
  authenticator: SoftAuthenticator,
  opts: { client?: TestClient; forgeSignature?: boolean; challenge?: string; userVerified?: boolean } = {},
) {
  const client = opts.client ?? server.client();
  const options = await optionsOf(client, '/api/auth/passkey/options');
  const response = authenticator.assert(options, { origin: server.url, ...opts });
  return { client, answer: await client.post('/api/auth/passkey/login', { response }) };
}
