import { eq } from 'drizzle-orm';
import { pushTokens } from '../db/schema';
import type { TestSubscription } from './push-peer';
import { expectBody } from './responses';
import type { TestServer } from './server';
import type { TestUser } from './users';

/** The environment and tuning of a server that pushes to a local push service over http. */
export const PUSH_TEST_SERVER = {
  env: { PUSH_ALLOW_HTTP_LOOPBACK: 'true' },
  push: { timeoutMs: 3_000 },
} as const;

/** The user registers this device (must succeed: 201 when new, 200 when it was already theirs). */
export async function registerDevice(user: TestUser, sub: TestSubscription, deviceInfo?: string) {
  const json = { endpoint: sub.endpoint, keys: sub.keys, ...(deviceInfo ? { deviceInfo } : {}) };
  const response = await user.api.push.subscriptions.$post({ json });
  return (await expectBody(response, response.status === 201 ? 201 : 200)).subscription;
}

/** The user's devices as stored. */
export const devicesOf = (server: TestServer, user: Pick<TestUser, 'id'>) =>
  server.database.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id));

/** Every push the server has decided on has been sent (or given up). */
export async function pushesSettled(server: TestServer) {
  await server.services.outbox.drain();
}
