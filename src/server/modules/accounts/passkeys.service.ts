import { APIError } from 'better-auth/api';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { addPasskeyInput, authenticationResponse, PasskeyView } from '@/shared/schemas/passkeys';
import { PASSKEY_TEXT } from '@/shared/texts/passkeys';
import { type ClientInfo, knownDevice, recordSecurityEvent } from '../../auth/security-log';
import type { Actor } from '../../auth/session';
import { passkeys } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, invalidCredentials, notFound } from '../../http/errors';

const apiCode = (error: unknown) =>
  error instanceof APIError ? String((error.body as { code?: string } | undefined)?.code ?? '') : '';

/** The library's refusals of a ceremony, as Pact words them (nothing of its internals). */
function ceremonyRefusal(error: unknown, signIn: boolean) {
  if (!(error instanceof APIError)) return error;
  const code = apiCode(error);
  if (code === 'CHALLENGE_NOT_FOUND') return badRequest(PASSKEY_TEXT.challengeExpired);
  if (code === 'SESSION_NOT_FRESH') return forbidden(PASSKEY_TEXT.signInAgain);
  if (signIn) return invalidCredentials(PASSKEY_TEXT.notRecognised);
  return badRequest(code === 'USER_NOT_VERIFIED' ? error.message : PASSKEY_TEXT.notVerified);
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(deps: AppDeps, actor: Actor): Promise<PasskeyView[]> {
  const rows = await deps.db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  }));
}

/** The options navigator.credentials.create() takes; the challenge is bound to the answer's cookie. */
export async function registrationOptions(deps: AppDeps, headers: Headers) {
  try {
    return await deps.auth.api.generatePasskeyRegistrationOptions({ headers, returnHeaders: true });
  } catch (error) {
    throw ceremonyRefusal(error, false);
  }
}

/** Verifies the new credential against the challenge and stores it for the signed-in user. */
export async function addPasskey(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof addPasskeyInput>,
  ctx: { headers: Headers; client: ClientInfo },
): Promise<PasskeyView> {
  let created: { id: string };
  try {
    created = await deps.auth.api.verifyPasskeyRegistration({
      body: { response: input.response, name: input.name },
      headers: ctx.headers,
    });
  } catch (error) {
    throw ceremonyRefusal(error, false);
  }
  await recordSecurityEvent(
    deps.db,
    { userId: actor.id, type: 'other', code: 'passkey_added', client: ctx.client, details: input.name },
    deps.clock(),
  );
  const view = (await listPasskeys(deps, actor)).find((p) => p.id === created.id);
  if (!view) throw notFound(PASSKEY_TEXT.notFound);
  return view;
}

export async function renamePasskey(deps: AppDeps, actor: Actor, id: string, name: string) {
  const [row] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
    .returning({ id: passkeys.id });
  // Someone else's passkey looks like none at all.
  if (!row) throw notFound(PASSKEY_TEXT.notFound);
  const view = (await listPasskeys(deps, actor)).find((p) => p.id === id);
  if (!view) throw notFound(PASSKEY_TEXT.notFound);
  return view;
}

export async function removePasskey(deps: AppDeps, actor: Actor, id: string, client: ClientInfo) {
  const [row] = await deps.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
    .returning({ name: passkeys.name });
  if (!row) throw notFound(PASSKEY_TEXT.notFound);
  await recordSecurityEvent(
    deps.db,
    { userId: actor.id, type: 'other', code: 'passkey_removed', client, details: row.name ?? undefined },
    deps.clock(),
  );
}

/** The options navigator.credentials.get() takes to sign in (no address: the passkey names its user). */
export async function authenticationOptions(deps: AppDeps) {
  // Without the request's cookies: a signed-in visitor's passkeys are not listed to whoever holds the page.
  return deps.auth.api.generatePasskeyAuthenticationOptions({ headers: new Headers(), returnHeaders: true });
}

/** The challenge cookie alone, for the library's verification (it signs in, so no session goes with it). */
const challengeOnly = (headers: Headers, cookieName: string) => {
  const cookie = (headers.get('cookie') ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c.startsWith(`${cookieName}=`))
    .join('; ');
  return new Headers(cookie ? { cookie } : {});
};

/** Signs in with a passkey: a new session, and the sign-in in its owner's security log. */
export async function signInWithPasskey(
  deps: AppDeps,
  response: z.output<typeof authenticationResponse>,
  ctx: { headers: Headers; client: ClientInfo },
) {
  const authCtx = await deps.auth.$context;
  const cookieName = authCtx.createAuthCookie('passkey-challenge').name;
  const headers = challengeOnly(ctx.headers, cookieName);
  const userAgent = ctx.headers.get('user-agent');
  if (userAgent) headers.set('user-agent', userAgent);
  try {
    const result = await deps.auth.api.verifyPasskeyAuthentication({
      body: { response },
      headers,
      returnHeaders: true,
    });
    const userId = result.response.user.id;
    await deps.db
      .update(passkeys)
      .set({ lastUsedAt: deps.clock() })
      .where(eq(passkeys.credentialID, response.id));
    const known = await knownDevice(deps.db, userId, ctx.client.device);
    await recordSecurityEvent(
      deps.db,
      {
        userId,
        type: known ? 'other' : 'suspicious_activity',
        code: known ? 'passkey_sign_in' : 'new_device',
        client: ctx.client,
        details: known ? undefined : 'with a passkey',
      },
      deps.clock(),
    );
    return { headers: result.headers, userId };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    // A known passkey that failed its check (a forged signature, another challenge): its owner sees it.
    // An expired or spent challenge (a second tab, a slow hand) is not a failure of the passkey.
    if (apiCode(error) === 'CHALLENGE_NOT_FOUND') throw ceremonyRefusal(error, true);
    const [owner] = await deps.db
      .select({ userId: passkeys.userId })
      .from(passkeys)
      .where(eq(passkeys.credentialID, response.id))
      .limit(1);
    if (owner) {
      await recordSecurityEvent(
        deps.db,
        { userId: owner.userId, type: 'auth_failure', code: 'passkey_failed', client: ctx.client },
        deps.clock(),
      );
    }
    throw ceremonyRefusal(error, true);
  }
}
