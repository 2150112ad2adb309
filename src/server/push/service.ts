import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushTokens } from '../db/schema';
import type { AppDeps } from '../deps';
import { type Config, ConfigError } from '../env';
import type { Logger } from '../logger';
import { type Secrets, vapidPublicKeyOf } from '../secrets';
import { createPushDelivery } from './delivery';
import { createPushSender, type PushSender } from './sender';

/** Tests shorten the time limit; production keeps the default. */
export interface PushTuning {
  timeoutMs?: number;
  /** Another sender in place of the network one. */
  sender?: PushSender;
}

/**
 * Web Push for the API: the VAPID key pair (the private key a secret generated on first start or given
 * as VAPID_PRIVATE_KEY, its public half derived and checked against VAPID_PUBLIC_KEY when given) and the
 * delivery pushes leave through. A device the push service reports gone is deleted.
 */
export function createPushService(opts: {
  config: Config;
  secrets: Secrets;
  db: Db;
  log: Logger;
  tuning?: PushTuning;
}): AppDeps['push'] {
  const { config, db, log } = opts;
  const publicKey = vapidPublicKeyOf(opts.secrets.vapidPrivateKey);
  if (!publicKey) throw new ConfigError('Invalid configuration:\n  VAPID_PRIVATE_KEY: not a P-256 key');
  if (config.push.publicKey !== null && config.push.publicKey !== publicKey) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY (give both, or only the private key)',
    );
  }
  if (/@[^@]*\.(local|localhost)$/i.test(config.push.subject)) {
    // Apple's push service refuses a contact it cannot reach.
    log.warn(
      'push: PUSH_SUBJECT (or MAIL_FROM) is not a real address; set PUSH_SUBJECT=mailto:you@your.domain',
    );
  }
  const sender =
    opts.tuning?.sender ??
    createPushSender(
      { subject: config.push.subject, publicKey, privateKey: opts.secrets.vapidPrivateKey },
      { allowLoopback: config.push.allowHttpLoopback },
    );
  const delivery = createPushDelivery({
    sender,
    log,
    timeoutMs: opts.tuning?.timeoutMs,
    async load(tokenId) {
      const [row] = await db
        .select({
          endpoint: pushTokens.endpoint,
          p256dh: pushTokens.p256dh,
          auth: pushTokens.auth,
          discreet: pushTokens.discreet,
        })
        .from(pushTokens)
        .where(eq(pushTokens.id, tokenId));
      return row ?? null;
    },
    async gone(tokenId, endpoint) {
      // Only the row that was pushed to: a device registered again since keeps its new row.
      await db.delete(pushTokens).where(and(eq(pushTokens.id, tokenId), eq(pushTokens.endpoint, endpoint)));
    },
  });
  return { publicKey, allowHttpLoopback: config.push.allowHttpLoopback, delivery };
}
