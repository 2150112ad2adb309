import { createECDH } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ENDPOINT_TAKEN_MESSAGE, PUSH_MESSAGES, type PushSubscriptionData } from '@/shared/schemas/push';
import type { Actor } from '../../auth/session';
import { isUniqueViolation } from '../../db/errors';
import { pushTokens } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, invalid } from '../../http/errors';
import { presentSubscription } from './push.presenter';

/** The browser's key is a point on P-256: anything else could not be encrypted to. */
function isCurvePoint(p256dh: string) {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

const taken = () => conflict(ENDPOINT_TAKEN_MESSAGE);

/**
 * Registers this device for the actor: upsert on user and endpoint (the keys, device info and discreet mode,
 * read from the device's cookie by the route, follow the browser's latest). An endpoint another account registered is refused, and nothing changes (decision
 * 030): the browser unsubscribes and subscribes again, which gives it a new endpoint of its own.
 */
export async function subscribe(deps: AppDeps, actor: Actor, input: PushSubscriptionData, discreet = false) {
  if (!isCurvePoint(input.keys.p256dh)) {
    throw invalid(PUSH_MESSAGES.p256dh, {
      fields: {
        'keys.p256dh': PUSH_MESSAGES.p256dh,
      },
    });
  }
  const now = deps.clock();
  const values = {
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceInfo: input.deviceInfo || null,
    discreet,
    updatedAt: now,
  };
  const register = () =>
    deps.db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: pushTokens.userId })
        .from(pushTokens)
        .where(eq(pushTokens.endpoint, input.endpoint));
      if (owner && owner.userId !== actor.id) throw taken();
      if (owner) {
        const [row] = await tx
          .update(pushTokens)
          .set(values)
          .where(and(eq(pushTokens.userId, actor.id), eq(pushTokens.endpoint, input.endpoint)))
          .returning();
        return { created: false, subscription: presentSubscription(row!) };
      }
      const [row] = await tx
        .insert(pushTokens)
        .values({ ...values, userId: actor.id, endpoint: input.endpoint, createdAt: now })
        .returning();
      return { created: true, subscription: presentSubscription(row!) };
    });
  try {
    return await register();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two registrations of one endpoint at once: the second reads the first's row, then updates it
    // (the same account) or is refused (another).
    return await register();
  }
}

/** Forgets one of the actor's own devices; another account's endpoint is left alone (`removed: false`). */
export async function unsubscribe(deps: AppDeps, actor: Actor, input: { endpoint: string }) {
  const removed = await deps.db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, actor.id), eq(pushTokens.endpoint, input.endpoint)))
    .returning({ id: pushTokens.id });
  return { removed: removed.length > 0 };
}
