import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_TEXT, REDEMPTION_PAGE, type RedemptionListView } from '@/shared/schemas/points';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';
import { awarded, MISSING, NUL, redeemed, rewardFor } from './points.fixtures';

const pageOf = (who: TestUser, partnerId: string, before?: string) =>
  who.client.get(
    `/api/redemptions?partnerId=${partnerId}${before === undefined ? '' : `&before=${encodeURIComponent(before)}`}`,
  );

const readPage = async (who: TestUser, partnerId: string, before?: string) =>
  (await expectBody(await pageOf(who, partnerId, before), 200)) as RedemptionListView;

/**
 * The requests list pages like the ledger (decisions 067, 068): `?before=` a redemption of the pair answers
 * the page after it, newest first by (requested_at, id); anything else that is a UUID answers an empty page.
 */
describe.each(databases())('redemptions, paged, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('pages through every redemption once, newest first, also when several were asked at the same moment', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const count = REDEMPTION_PAGE * 2 + 3;
    await awarded(couple, count);
    const reward = await rewardFor(couple, 1);
    const made: { id: string; requestedAt: number }[] = [];
    for (let i = 0; i < count; i++) {
      made.push((await redeemed(submissive, reward.id)).redemption);
      // Three at a time share a moment: the id orders them.
      if (i % 3 === 2) server.clock.advance(1000);
    }
    const expected = made
      .toSorted((a, b) => b.requestedAt - a.requestedAt || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);

    const seen: string[] = [];
    const sizes: number[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await readPage(dominant, submissive.id, before);
      sizes.push(page.redemptions.length);
      seen.push(...page.redemptions.map((r) => r.id));
      if (!page.nextBefore) break;
      expect(page.nextBefore).toBe(page.redemptions.at(-1)?.id);
      before = page.nextBefore;
    }
    expect(sizes).toEqual([REDEMPTION_PAGE, REDEMPTION_PAGE, 3]);
    expect(seen).toEqual(expected);
    // The submissive reads the same pages.
    const theirs = await readPage(submissive, dominant.id);
    expect(theirs.redemptions.map((r) => r.id)).toEqual(expected.slice(0, REDEMPTION_PAGE));
  });

  it('answers an empty page for a `before` of another pair or of nothing, and 400 for one that is no id', async () => {
    const couple = await createCouple(server);
    const other = await createCouple(server);
    await awarded(couple, 5);
    await awarded(other, 5);
    const mine = await redeemed(couple.submissive, (await rewardFor(couple, 1)).id);
    const theirs = await redeemed(other.submissive, (await rewardFor(other, 1)).id);
    const partnerId = couple.submissive.id;
    const empty = { redemptions: [], nextBefore: null };
    expect(await readPage(couple.dominant, partnerId, theirs.redemption.id)).toEqual(empty);
    expect(await readPage(couple.dominant, partnerId, MISSING)).toEqual(empty);
    // The first page holds the pair's one redemption; from before it, nothing.
    expect((await readPage(couple.dominant, partnerId)).redemptions.map((r) => r.id)).toEqual([
      mine.redemption.id,
    ]);
    expect(await readPage(couple.dominant, partnerId, mine.redemption.id)).toEqual(empty);
    for (const bad of ['x', NUL, `${mine.redemption.id}${NUL}`, 'a'.repeat(5000), '']) {
      await expectError(
        await pageOf(couple.dominant, partnerId, bad),
        400,
        'VALIDATION_ERROR',
        POINTS_TEXT.cursorInvalid,
      );
    }
  });

  it('a stranger and a former partner find nothing, with or without `before`', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    await awarded(couple, 5);
    const asked = await redeemed(submissive, (await rewardFor(couple, 1)).id);
    const id = asked.redemption.id;
    const stranger = await createUser(server, { role: 'dominant' });
    await expectError(await pageOf(stranger, submissive.id), 404, 'NOT_FOUND');
    await expectError(await pageOf(stranger, submissive.id, id), 404, 'NOT_FOUND');
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    await expectError(await pageOf(submissive, dominant.id), 404, 'NOT_FOUND');
    await expectError(await pageOf(submissive, dominant.id, id), 404, 'NOT_FOUND');
    await expectError(await pageOf(dominant, submissive.id, id), 404, 'NOT_FOUND');
  });
});
