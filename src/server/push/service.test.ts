import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { ConfigError, loadConfig } from '../env';
import { createLogger } from '../logger';
import { newVapidPrivateKey, vapidPublicKeyOf } from '../secrets';
import { createPushService } from './service';

const start = (env: Record<string, string>, vapidPrivateKey: string) =>
  createPushService({
    config: loadConfig(env),
    secrets: { authSecret: 'a'.repeat(32), vapidPrivateKey },
    db: {} as Db,
    log: createLogger('silent'),
  });

describe('push service', () => {
  it('derives the VAPID public key, and refuses to start when VAPID_PUBLIC_KEY is another key’s', () => {
    const key = newVapidPrivateKey();
    const publicKey = vapidPublicKeyOf(key)!;
    expect(start({}, key).publicKey).toBe(publicKey);
    expect(start({ VAPID_PUBLIC_KEY: publicKey }, key).publicKey).toBe(publicKey);
    const other = vapidPublicKeyOf(newVapidPrivateKey())!;
    expect(() => start({ VAPID_PUBLIC_KEY: other }, key)).toThrow(ConfigError);
    expect(() => start({ VAPID_PUBLIC_KEY: other }, key)).toThrow(/VAPID_PUBLIC_KEY/);
  });
});
