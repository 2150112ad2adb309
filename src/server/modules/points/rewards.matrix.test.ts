import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POINTS_TEXT,
  REDEMPTION_NOTE_MAX,
  REWARD_DESCRIPTION_MAX,
  REWARD_TITLE_MAX,
} from '@/shared/schemas/points';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser } from '../../test/users';
import { awarded, decide, MISSING, NUL, redeem, redeemed, rewardFor } from './points.fixtures';

/** Rewards and redemptions (decision 067): who may call each route, and what bad input is refused. */
describe.each(databases())('rewards, the role matrix and bad input, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the role matrix: the dominant keeps and decides, the submissive redeems; others find nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    await awarded(couple, 100);
    const reward = await rewardFor(couple, 10);
    const asked = await redeemed(submissive, reward.id);
    const stranger = await createUser(server, { role: 'dominant' });
    const strangerSub = await createUser(server, { role: 'submissive' });
    const before = await server.rowCounts();
    const put = (who: typeof dominant) =>
      who.client.put(`/api/rewards/${reward.id}`, { title: 'X', price: 1 });
    await expectError(
      await submissive.client.post('/api/rewards', { partnerId: dominant.id, title: 'X', price: 1 }),
      403,
      'FORBIDDEN',
    );
    await expectError(await put(submissive), 403, 'FORBIDDEN');
    await expectError(await submissive.client.delete(`/api/rewards/${reward.id}`), 403, 'FORBIDDEN');
    await expectError(
      await submissive.client.post(`/api/rewards/${reward.id}/restore`, {}),
      403,
      'FORBIDDEN',
      POINTS_TEXT.onlyDominantRewards,
    );
    await expectError(await redeem(dominant, reward.id), 403, 'FORBIDDEN', POINTS_TEXT.onlySubmissiveRedeems);
    await expectError(
      await decide(submissive, asked.redemption.id, 'grant'),
      403,
      'FORBIDDEN',
      POINTS_TEXT.onlyDominantDecides,
    );
    await expectError(await decide(submissive, asked.redemption.id, 'deny'), 403, 'FORBIDDEN');
    await expectError(
      await stranger.client.post('/api/rewards', { partnerId: submissive.id, title: 'X', price: 1 }),
      404,
      'NOT_FOUND',
    );
    await expectError(await put(stranger), 404, 'NOT_FOUND');
    await expectError(await stranger.client.delete(`/api/rewards/${reward.id}`), 404, 'NOT_FOUND');
    await expectError(await stranger.client.post(`/api/rewards/${reward.id}/restore`, {}), 404, 'NOT_FOUND');
    await expectError(await dominant.client.post(`/api/rewards/${MISSING}/restore`, {}), 404, 'NOT_FOUND');
    await expectError(await redeem(strangerSub, reward.id), 404, 'NOT_FOUND');
    await expectError(await decide(stranger, asked.redemption.id, 'grant'), 404, 'NOT_FOUND');
    await expectError(await decide(stranger, asked.redemption.id, 'deny'), 404, 'NOT_FOUND');
    await expectError(await stranger.client.get(`/api/rewards?partnerId=${submissive.id}`), 404, 'NOT_FOUND');
    await expectError(
      await stranger.client.get(`/api/redemptions?partnerId=${submissive.id}`),
      404,
      'NOT_FOUND',
    );
    await expectError(await redeem(submissive, MISSING), 404, 'NOT_FOUND');
    await expectError(await decide(dominant, MISSING, 'grant'), 404, 'NOT_FOUND');
    const anonymous = server.client();
    for (const response of [
      await anonymous.get(`/api/rewards?partnerId=${submissive.id}`),
      await anonymous.get(`/api/redemptions?partnerId=${submissive.id}`),
      await anonymous.post('/api/rewards', { partnerId: submissive.id, title: 'X', price: 1 }),
      await anonymous.put(`/api/rewards/${reward.id}`, { title: 'X', price: 1 }),
      await anonymous.delete(`/api/rewards/${reward.id}`),
      await anonymous.post(`/api/rewards/${reward.id}/restore`, {}),
      await anonymous.post(`/api/rewards/${reward.id}/redeem`, {}),
      await anonymous.post(`/api/redemptions/${asked.redemption.id}/grant`, {}),
      await anonymous.post(`/api/redemptions/${asked.redemption.id}/deny`, {}),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect(await server.rowCounts()).toEqual(before);
    // A former partner neither reads nor writes them.
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(await submissive.client.get(`/api/rewards?partnerId=${dominant.id}`), 404, 'NOT_FOUND');
    await expectError(
      await submissive.client.get(`/api/redemptions?partnerId=${dominant.id}`),
      404,
      'NOT_FOUND',
    );
    await expectError(await redeem(submissive, reward.id), 404, 'NOT_FOUND');
    await expectError(await decide(dominant, asked.redemption.id, 'deny'), 404, 'NOT_FOUND');
    await expectError(await put(dominant), 404, 'NOT_FOUND');
    await expectError(await dominant.client.delete(`/api/rewards/${reward.id}`), 404, 'NOT_FOUND');
    await expectError(await dominant.client.post(`/api/rewards/${reward.id}/restore`, {}), 404, 'NOT_FOUND');
    await expectError(
      await dominant.client.post('/api/rewards', { partnerId: submissive.id, title: 'X', price: 1 }),
      404,
      'NOT_FOUND',
    );
    expect(await server.rowCounts()).toEqual(after);
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    await awarded(couple, 100);
    const reward = await rewardFor(couple, 10);
    const asked = await redeemed(submissive, reward.id);
    const before = await server.rowCounts();
    const partnerId = submissive.id;
    const cases: [unknown, string | undefined][] = [
      [{ partnerId, price: 5 }, POINTS_TEXT.titleRequired],
      [{ partnerId, title: ' ', price: 5 }, POINTS_TEXT.titleRequired],
      [{ partnerId, title: 'x'.repeat(REWARD_TITLE_MAX + 1), price: 5 }, POINTS_TEXT.titleTooLong],
      [
        { partnerId, title: 'X', description: 'x'.repeat(REWARD_DESCRIPTION_MAX + 1), price: 5 },
        POINTS_TEXT.descriptionTooLong,
      ],
      [{ partnerId, title: 'X' }, POINTS_TEXT.priceRequired],
      [{ partnerId, title: 'X', price: 0 }, POINTS_TEXT.priceRequired],
      [{ partnerId, title: 'X', price: 100_001 }, POINTS_TEXT.priceRequired],
      [{ partnerId, title: 'X', price: '5' }, POINTS_TEXT.priceRequired],
      [{ partnerId, title: `X${NUL}`, price: 5 }, undefined],
      [{ title: 'X', price: 5 }, POINTS_TEXT.partnerRequired],
      [{ partnerId, title: 'X', price: 5, extra: 1 }, undefined],
      ['nope', undefined],
    ];
    for (const [body, message] of cases) {
      await expectError(await dominant.client.post('/api/rewards', body), 400, undefined, message);
    }
    await expectError(await dominant.client.put(`/api/rewards/${reward.id}`, { title: 'X', price: -1 }), 400);
    await expectError(await dominant.client.put('/api/rewards/nope', { title: 'X', price: 1 }), 400);
    await expectError(await dominant.client.post('/api/rewards/nope/restore', {}), 400);
    await expectError(await dominant.client.post(`/api/rewards/${NUL}/restore`, {}), 400);
    await expectError(
      await redeem(submissive, reward.id, { note: 'x'.repeat(REDEMPTION_NOTE_MAX + 1) }),
      400,
      undefined,
      POINTS_TEXT.noteTooLong,
    );
    await expectError(await redeem(submissive, reward.id, { note: 5 }), 400, undefined, POINTS_TEXT.noteText);
    await expectError(await decide(dominant, asked.redemption.id, 'deny', { note: `No${NUL}` }), 400);
    await expectError(await decide(dominant, asked.redemption.id, 'grant', { extra: true }), 400);
    await expectError(await dominant.client.get('/api/rewards'), 400, undefined, POINTS_TEXT.partnerRequired);
    await expectError(await dominant.client.get('/api/redemptions?partnerId=7'), 400);
    const malformed = await dominant.client.fetch('/api/rewards', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title": ',
    });
    await expectError(malformed, 400);
    expect(await server.rowCounts()).toEqual(before);
  });
});
