import { expect } from 'vitest';
import type {
  PointsEntryAnswer,
  PointsLedgerView,
  RedemptionAnswer,
  RewardView,
} from '@/shared/schemas/points';
import type { Couple } from '../../test/partners';
import { expectBody } from '../../test/responses';
import type { TestUser } from '../../test/users';

/* What the points and rewards tests share: awarding, a reward, redeeming, reading the ledger. */

export const NUL = '\u0000';
export const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';

export const award = (who: TestUser, partnerId: string, body: Record<string, unknown>, key?: string) =>
  who.client.post(
    '/api/points/award',
    { partnerId, ...body },
    key ? { headers: { 'Idempotency-Key': key } } : undefined,
  );

export const awarded = async (couple: Couple, amount: number, reason = 'Well done') =>
  (await expectBody(
    await award(couple.dominant, couple.submissive.id, { amount, reason }),
    201,
  )) as PointsEntryAnswer;

export const ledgerOf = async (who: TestUser, partnerId: string, before?: string) =>
  (await expectBody(
    await who.client.get(`/api/points?partnerId=${partnerId}${before ? `&before=${before}` : ''}`),
    200,
  )) as PointsLedgerView;

export const rewardFor = async (couple: Couple, price: number, title = 'A film of my choice') =>
  (
    (await expectBody(
      await couple.dominant.client.post('/api/rewards', { partnerId: couple.submissive.id, title, price }),
      201,
    )) as { reward: RewardView }
  ).reward;

export const redeem = (who: TestUser, rewardId: string, body: Record<string, unknown> = {}) =>
  who.client.post(`/api/rewards/${rewardId}/redeem`, body);

export const redeemed = async (who: TestUser, rewardId: string) =>
  (await expectBody(await redeem(who, rewardId), 201)) as RedemptionAnswer;

export const decide = (
  who: TestUser,
  id: string,
  how: 'grant' | 'deny',
  body: Record<string, unknown> = {},
) => who.client.post(`/api/redemptions/${id}/${how}`, body);

/** The balance both partners read is the same, and the sum of the entries. */
export async function expectBalance(couple: Couple, balance: number) {
  const [mine, theirs] = await Promise.all([
    ledgerOf(couple.dominant, couple.submissive.id),
    ledgerOf(couple.submissive, couple.dominant.id),
  ]);
  expect([mine.balance, theirs.balance]).toEqual([balance, balance]);
  expect(mine.entries.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
}
