import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTarget } from '@/shared/domain/notification-targets';
import { DISCREET_BODY, DISCREET_TITLE, notificationPush } from '@/shared/domain/push';
import {
  POINTS_TEXT,
  type RedemptionAnswer,
  type RedemptionListView,
  type RewardListView,
} from '@/shared/schemas/points';
import { REWARDS_OFFERED_MAX } from '@/shared/texts/points';
import { rewards } from '../../db/schema';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { readZip } from '../../test/zip';
import { awarded, decide, expectBalance, ledgerOf, redeem, redeemed, rewardFor } from './points.fixtures';

/**
 * Rewards and redemptions (issue 24, decision 067): the dominant keeps a catalogue with prices; the
 * submissive redeems one, paying at once; the dominant grants or denies it, a denial refunding once. The
 * balance never goes below zero, also when redemptions race.
 */
describe.each(databases())('rewards on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps a catalogue; a redemption pays at once, a grant keeps it, a denial refunds exactly once', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    const reward = await rewardFor(couple, 40, '  A film of my choice  ');
    expect(reward).toMatchObject({ title: 'A film of my choice', description: '', price: 40, pairId });
    const edited = await dominant.client.put(`/api/rewards/${reward.id}`, {
      title: 'Two films',
      description: 'Back to back',
      price: 60,
    });
    expect(((await expectBody(edited, 200)) as { reward: { price: number } }).reward.price).toBe(60);
    const list = (await expectBody(
      await submissive.client.get(`/api/rewards?partnerId=${dominant.id}`),
      200,
    )) as RewardListView;
    expect(list.rewards.map((r) => [r.title, r.price])).toEqual([['Two films', 60]]);

    await expectError(
      await redeem(submissive, reward.id),
      409,
      'CONFLICT',
      `${POINTS_TEXT.notEnoughPoints}: it costs 60, the balance is 0`,
    );
    await awarded(couple, 150);
    server.clock.advance(1000);
    const first = await redeemed(submissive, reward.id);
    expect(first.balance).toBe(90);
    expect(first.redemption).toMatchObject({
      state: 'requested',
      price: 60,
      title: 'Two films',
      decidedAt: null,
    });
    // A later change of price changes nothing of the redemption made.
    await dominant.client.put(`/api/rewards/${reward.id}`, { title: 'Two films', price: 70 });
    const granted = (await expectBody(
      await decide(dominant, first.redemption.id, 'grant', { note: 'Enjoy' }),
      200,
    )) as RedemptionAnswer;
    expect(granted).toMatchObject({
      balance: 90,
      redemption: { state: 'granted', decisionNote: 'Enjoy', price: 60 },
    });
    await expectError(
      await decide(dominant, first.redemption.id, 'deny'),
      409,
      'CONFLICT',
      POINTS_TEXT.alreadyDecided,
    );

    server.clock.advance(1000);
    const second = await redeemed(submissive, reward.id);
    expect(second.balance).toBe(20);
    server.clock.advance(1000);
    const denied = (await expectBody(
      await decide(dominant, second.redemption.id, 'deny', { note: 'Not tonight' }),
      200,
    )) as RedemptionAnswer;
    expect(denied).toMatchObject({
      balance: 90,
      redemption: { state: 'denied', decisionNote: 'Not tonight' },
    });
    await expectError(
      await decide(dominant, second.redemption.id, 'deny'),
      409,
      'CONFLICT',
      POINTS_TEXT.alreadyDecided,
    );
    await expectError(await decide(dominant, second.redemption.id, 'grant'), 409, 'CONFLICT');
    await expectBalance(couple, 90);
    const ledger = await ledgerOf(dominant, submissive.id);
    expect(ledger.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['refund', 70],
      ['redemption', -70],
      ['redemption', -60],
      ['award', 150],
    ]);
    expect(ledger.entries.filter((e) => e.kind === 'refund')).toHaveLength(1);

    // Retired, it is no longer offered; what was asked for stays.
    expect((await dominant.client.delete(`/api/rewards/${reward.id}`)).status).toBe(200);
    await expectError(await redeem(submissive, reward.id), 409, 'CONFLICT', POINTS_TEXT.rewardRetired);
    await expectError(await dominant.client.delete(`/api/rewards/${reward.id}`), 404, 'NOT_FOUND');
    const redemptions = (await expectBody(
      await dominant.client.get(`/api/redemptions?partnerId=${submissive.id}`),
      200,
    )) as RedemptionListView;
    expect(redemptions.redemptions.map((r) => r.state)).toEqual(['denied', 'granted']);

    expect(
      (await notificationsOf(dominant)).filter((n) => n.type === 'reward_redeemed').map((n) => n.message),
    ).toEqual(['Sam Sub asked for "Two films" (70 points)', 'Sam Sub asked for "Two films" (60 points)']);
    const told = (await notificationsOf(submissive)).filter((n) => n.type.startsWith('redemption_'));
    expect(told.map((n) => n.title)).toEqual(['Reward denied', 'Reward granted']);
    expect(told[0]!.message).toBe('Dana Dom denied "Two films"; 70 points refunded');
    // Opened, it leads to the pair's rewards; pushed, it says nothing unless details are on.
    expect(notificationTarget(told[0]!)).toEqual({
      kind: 'path',
      to: `/structure?partner=${dominant.id}&tab=rewards`,
    });
    expect(notificationPush(told[0]!, false)).toMatchObject({ title: DISCREET_TITLE, body: DISCREET_BODY });
    const record = (await expectBody(
      await dominant.client.get(`/api/record?pairId=${pairId}&kind=reward`),
      200,
    )) as {
      entries: { kind: string }[];
    };
    expect(record.entries.map((e) => e.kind)).toEqual([
      'reward.retired',
      'reward.denied',
      'reward.redeemed',
      'reward.granted',
      'reward.edited',
      'reward.redeemed',
      'reward.edited',
      'reward.added',
    ]);
  });

  it('Retire is undone: the reward is offered again as it was, recorded, within the cap of offered rewards', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    const reward = await rewardFor(couple, 25, 'Breakfast in bed');
    const offered = async () =>
      (
        (await expectBody(
          await submissive.client.get(`/api/rewards?partnerId=${dominant.id}`),
          200,
        )) as RewardListView
      ).rewards.map((r) => r.title);
    expect((await dominant.client.delete(`/api/rewards/${reward.id}`)).status).toBe(200);
    expect(await offered()).toEqual([]);

    server.clock.advance(1000);
    const restored = (await expectBody(
      await dominant.client.post(`/api/rewards/${reward.id}/restore`, {}),
      200,
    )) as { reward: { id: string; title: string; price: number } };
    expect(restored.reward).toMatchObject({ id: reward.id, title: 'Breakfast in bed', price: 25 });
    expect(await offered()).toEqual(['Breakfast in bed']);
    await awarded(couple, 30);
    expect((await redeemed(submissive, reward.id)).balance).toBe(5);

    // Restoring what is offered answers it and changes nothing.
    const before = await server.rowCounts();
    expect((await dominant.client.post(`/api/rewards/${reward.id}/restore`, {})).status).toBe(200);
    expect(await server.rowCounts()).toEqual(before);
    const record = (await expectBody(
      await dominant.client.get(`/api/record?pairId=${pairId}&kind=reward`),
      200,
    )) as { entries: { kind: string }[] };
    expect(record.entries.map((e) => e.kind)).toEqual([
      'reward.redeemed',
      'reward.restored',
      'reward.retired',
      'reward.added',
    ]);

    // Retired again while the catalogue filled up to its cap: it cannot come back until one goes.
    expect((await dominant.client.delete(`/api/rewards/${reward.id}`)).status).toBe(200);
    const at = new Date(server.clock.now());
    await server.database.db.insert(rewards).values(
      Array.from({ length: REWARDS_OFFERED_MAX }, (_, i) => ({
        id: randomUUID(),
        pairId,
        title: `Reward ${i}`,
        description: '',
        price: 1,
        createdAt: at,
        updatedAt: at,
      })),
    );
    await expectError(
      await dominant.client.post(`/api/rewards/${reward.id}/restore`, {}),
      409,
      'CONFLICT',
      POINTS_TEXT.tooManyRewards,
    );
  });

  it('redemptions sent at once never take the balance below zero', async () => {
    const couple = await createCouple(server);
    await awarded(couple, 100);
    const reward = await rewardFor(couple, 40);
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeem(couple.submissive, reward.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409]);
    await expectBalance(couple, 20);
    // Denied at once, each refunds once.
    const { redemptions } = (await expectBody(
      await couple.dominant.client.get(`/api/redemptions?partnerId=${couple.submissive.id}`),
      200,
    )) as RedemptionListView;
    const denials = await Promise.all(
      [...redemptions, ...redemptions].map((r) => decide(couple.dominant, r.id, 'deny')),
    );
    expect(denials.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    await expectBalance(couple, 100);
  });

  it('the same Idempotency-Key makes one redemption', async () => {
    const couple = await createCouple(server);
    await awarded(couple, 100);
    const reward = await rewardFor(couple, 30);
    const key = '6e2d8f1b-4c3a-4b7e-9fad-1a2b3c4d5e6f';
    const send = () =>
      couple.submissive.client.post(
        `/api/rewards/${reward.id}/redeem`,
        {},
        { headers: { 'Idempotency-Key': key } },
      );
    const answers = await Promise.all([send(), send()]);
    const ids = await Promise.all(
      answers.map(async (r) => ((await expectBody(r, 201)) as RedemptionAnswer).redemption.id),
    );
    expect(ids[0]).toBe(ids[1]);
    await expectBalance(couple, 70);
  });

  it('Red and Yellow never hold a redemption or a decision', async () => {
    const couple = await createCouple(server);
    await awarded(couple, 50);
    const reward = await rewardFor(couple, 10);
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    const made = await redeemed(couple.submissive, reward.id);
    expect((await decide(couple.dominant, made.redemption.id, 'grant')).status).toBe(200);
    expect(
      (
        await couple.dominant.client.post('/api/rewards', {
          partnerId: couple.submissive.id,
          title: 'Tea',
          price: 5,
        })
      ).status,
    ).toBe(201);
  });

  it('exports the ledger, the rewards and the redemptions in points.json', async () => {
    const couple = await createCouple(server);
    await awarded(couple, 25, 'Exported award');
    server.clock.advance(1000);
    const reward = await rewardFor(couple, 10, 'Exported reward');
    await redeemed(couple.submissive, reward.id);
    const response = await couple.submissive.client.get('/api/me/export');
    expect(response.status).toBe(200);
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    const bytes = entries.get(`pairs/${couple.pairId}/points.json`);
    expect(bytes).toBeDefined();
    const points = JSON.parse(bytes!.toString('utf8'));
    expect(points.ledger.map((e: { amount: number; kind: string }) => [e.kind, e.amount])).toEqual([
      ['award', 25],
      ['redemption', -10],
    ]);
    expect(points.rewards).toEqual([expect.objectContaining({ title: 'Exported reward', price: 10 })]);
    expect(points.redemptions).toEqual([expect.objectContaining({ state: 'requested', price: 10 })]);
  });
});
