import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CAPS } from '@/shared/domain/caps';
import { localTimeOfDay } from '@/shared/domain/schedule';
import { pushPreferences, users } from '../../db/schema';
import { contractOf, openContract, sign } from '../../test/contracts';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { PUSH_TEST_SERVER, pushesSettled, registerDevice } from '../../test/push';
import { type PushPeer, startPushPeer } from '../../test/push-peer';
import { startTestServer, type TestServer } from '../../test/server';
import { flushHeldPushes } from './push.deliver';

const HOUR = 3_600_000;

describe.each(databases())(
  'the contract’s quiet hours hold the pair’s pushes (decision 057) on %s',
  (kind) => {
    let server: TestServer;
    let peer: PushPeer;
    beforeAll(async () => {
      peer = await startPushPeer();
      server = await startTestServer({ db: kind, requireEmailVerification: false, ...PUSH_TEST_SERVER });
    });
    afterAll(async () => {
      await server?.close();
      await peer?.close();
    });

    it('nothing of the pair is pushed in them, in the submissive’s zone; one summary when they end', async () => {
      const couple = await createCouple(server);
      const timeZone = 'America/New_York';
      await server.database.db.update(users).set({ timeZone }).where(eq(users.id, couple.submissive.id));
      const sub = peer.subscription();
      await registerDevice(couple.submissive, sub);
      // The submissive never set push preferences: no quiet hours of their own.
      const minutes = Math.floor(localTimeOfDay(server.clock.now().getTime(), timeZone) / 60_000);
      const hhmm = (m: number) => {
        const x = (m + 1440) % 1440;
        return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
      };
      const quietHours = { start: hhmm(minutes - 60), end: hhmm(minutes + 60) };
      const { contract } = await openContract(couple);
      const draft = await contractOf(
        await couple.dominant.client.put(`/api/contracts/${contract.id}/content`, {
          baseVersionId: contract.versionId,
          content: contract.content,
          caps: { ...NO_CAPS, quietHours },
        }),
      );
      await contractOf(await sign(couple.dominant.client, draft));
      await pushesSettled(server);
      const before = peer.pushesTo(sub).length;
      expect(before).toBeGreaterThan(0);
      await contractOf(await sign(couple.submissive.client, draft));
      // In force: the dominant's next notification to the submissive is held, not pushed.
      await contractOf(await couple.dominant.client.post(`/api/contracts/${contract.id}/edit-request`));
      await pushesSettled(server);
      expect(peer.pushesTo(sub)).toHaveLength(before);
      const [held] = await server.database.db
        .select()
        .from(pushPreferences)
        .where(eq(pushPreferences.userId, couple.submissive.id));
      expect(held?.heldCount).toBe(1);
      server.clock.advance(1.5 * HOUR);
      try {
        expect(await flushHeldPushes(server.services)).toBe(1);
        await peer.waitFor(sub, before + 1);
      } finally {
        server.clock.advance(-1.5 * HOUR);
      }
    });
  },
);
