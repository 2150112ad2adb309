import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { authenticationResponse } from '@/shared/schemas/passkeys';
import { PASSKEY_TEXT } from '@/shared/texts/passkeys';
import { type ClientInfo, recordSecurityEvent } from '../../auth/security-log';
import type { Actor } from '../../auth/session';
import { passkeys, verifications } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, invalidCredentials, notFound } from '../../http/errors';

/**
 * "Is it still you?" with a passkey, for the app lock (decision 077): an assertion by one of the signed-in
 * user's passkeys over a challenge bound to this session, verified here. No session is made or changed.
 */
const CHALLENGE_SECONDS = 5 * 60;
const identifierOf = (sessionId: string) => `passkey-confirm:${sessionId}`;

/** The options navigator.credentials.get() takes, limited to the user's own passkeys. */
export async function confirmOptions(deps: AppDeps, actor: Actor, sessionId: string) {
  const own = await deps.db
    .select({ credentialID: passkeys.credentialID, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id));
  if (own.length === 0) throw notFound(PASSKEY_TEXT.noPasskey);
  const url = new URL(deps.appUrl);
  const options = await generateAuthenticationOptions({
    rpID: url.hostname,
    userVerification: 'required',
    allowCredentials: own.map((p) => ({
      id: p.credentialID,
      transports: p.transports ? (p.transports.split(',') as AuthenticatorTransport[]) : undefined,
    })),
  });
  const now = deps.clock();
  // One open challenge per session: asking again replaces it.
  await deps.db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifierOf(sessionId)));
    await tx.insert(verifications).values({
      identifier: identifierOf(sessionId),
      value: options.challenge,
      expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
      createdAt: now,
      updatedAt: now,
    });
  });
  return options;
}

type AuthenticatorTransport = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/** Checks the assertion; the challenge is spent whatever the outcome. */
export async function confirmWithPasskey(
  deps: AppDeps,
  actor: Actor,
  input: { sessionId: string; response: z.output<typeof authenticationResponse>; client: ClientInfo },
) {
  const now = deps.clock();
  const [challenge] = await deps.db
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifierOf(input.sessionId)), gt(verifications.expiresAt, now)))
    .returning({ value: verifications.value });
  if (!challenge) throw badRequest(PASSKEY_TEXT.challengeExpired);
  const [passkey] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialID, input.response.id), eq(passkeys.userId, actor.id)))
    .limit(1);
  const url = new URL(deps.appUrl);
  let newCounter: number | null = null;
  if (passkey) {
    try {
      const result = await verifyAuthenticationResponse({
        response: input.response,
        expectedChallenge: challenge.value,
        expectedOrigin: url.origin,
        expectedRPID: url.hostname,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialID,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64')),
          counter: passkey.counter,
        },
      });
      if (result.verified) newCounter = result.authenticationInfo.newCounter;
    } catch {
      // A malformed or forged assertion: refused below, like a wrong one.
    }
  }
  if (newCounter === null) {
    await recordSecurityEvent(
      deps.db,
      { userId: actor.id, type: 'auth_failure', code: 'passkey_confirm_failed', client: input.client },
      now,
    );
    throw invalidCredentials(PASSKEY_TEXT.notRecognised);
  }
  await deps.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, passkey!.id));
}
