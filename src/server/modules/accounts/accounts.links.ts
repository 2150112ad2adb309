import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, like, lt } from 'drizzle-orm';
import { sessions, usedLinks, verifications } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** How long a verification link lives (the library's setting): its use is remembered as long. */
export const VERIFICATION_LINK_SECONDS = 60 * 60 * 24;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Whether the token carries the library's signature (HS256 with the auth secret): only such a link is
 * remembered as used, so that a made-up one changes nothing and is left to the library to refuse.
 */
export async function isSignedLink(deps: Pick<AppDeps, 'auth'>, token: string) {
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 4_096) return false;
  const { secret } = await deps.auth.$context;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Marks a verification link used; false when it already was. The library's link is a signed token that
 * would work again and again: the first use wins, and a second click (or a leaked link) finds it spent.
 */
export async function claimVerificationLink(deps: Pick<AppDeps, 'db' | 'clock'>, token: string) {
  const expiresAt = new Date(deps.clock().getTime() + VERIFICATION_LINK_SECONDS * 1000);
  const claimed = await deps.db
    .insert(usedLinks)
    .values({ tokenHash: hash(token), expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: usedLinks.tokenHash });
  return claimed.length > 0;
}

/** After a successful reset, every other reset link of the user stops working too. */
export async function dropResetLinks(deps: Pick<AppDeps, 'db'>, userId: string) {
  await deps.db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
}

/** Forgets what can no longer matter: spent links past their expiry, expired verifications. */
/**
 * Forgets sessions past their expiry: no cookie can use them any more, and each keeps a device and an
 * address (the privacy policy promises they go when the session ends).
 */
export async function sweepExpiredSessions(deps: Pick<AppDeps, 'db' | 'clock'>) {
  await deps.db.delete(sessions).where(lt(sessions.expiresAt, deps.clock()));
}

export async function sweepExpiredLinks(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const now = deps.clock();
  await deps.db.delete(usedLinks).where(lt(usedLinks.expiresAt, now));
  await deps.db.delete(verifications).where(lt(verifications.expiresAt, now));
}
