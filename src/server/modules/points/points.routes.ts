import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  awardPointsInput,
  correctPointsInput,
  createRewardInput,
  decideRedemptionInput,
  type PointsEntryAnswer,
  type PointsLedgerView,
  pointsQuery,
  type RedemptionAnswer,
  type RedemptionListView,
  type RewardAnswer,
  type RewardListView,
  redeemRewardInput,
  redemptionsQuery,
  rewardsQuery,
  updateRewardInput,
} from '@/shared/schemas/points';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { validate } from '../../http/validate';
import { listLedger, listRedemptions, listRewards } from './points.queries';
import { awardPoints, correctPoints } from './points.service';
import { decideRedemption, redeemReward } from './redemptions.service';
import { createReward, restoreReward, retireReward, updateReward } from './rewards.service';

/*
 * Points and rewards (decision 067). Both partners of an active pair read; its dominant awards, corrects,
 * keeps the catalogue and decides redemptions; its submissive redeems. Anyone else finds nothing (404).
 * Every write counts against `pointsWriteByAccount`.
 */

/** /api/points: the ledger with its balance; awards and corrections (an Idempotency-Key makes one entry). */
export const pointsRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', pointsQuery), async (c) =>
      c.json<PointsLedgerView>(await listLedger(deps.db, c.var.actor, c.req.valid('query')), 200),
    )
    .post('/award', validate('json', awardPointsInput), async (c) => {
      await deps.limits.hit('pointsWriteByAccount', c.var.actor.id);
      const key = idempotencyKeyOf(c, c.var.actor.id, 'points')?.key ?? null;
      return c.json<PointsEntryAnswer>(await awardPoints(deps, c.var.actor, c.req.valid('json'), key), 201);
    })
    .post('/correction', validate('json', correctPointsInput), async (c) => {
      await deps.limits.hit('pointsWriteByAccount', c.var.actor.id);
      const key = idempotencyKeyOf(c, c.var.actor.id, 'points')?.key ?? null;
      return c.json<PointsEntryAnswer>(await correctPoints(deps, c.var.actor, c.req.valid('json'), key), 201);
    });

/** /api/rewards: the catalogue; the submissive redeems one. */
export const rewardsRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', rewardsQuery), async (c) =>
      c.json<RewardListView>(await listRewards(deps.db, c.var.actor, c.req.valid('query').partnerId), 200),
    )
    .post('/', validate('json', createRewardInput), async (c) => {
      await deps.limits.hit('pointsWriteByAccount', c.var.actor.id);
      const key = idempotencyKeyOf(c, c.var.actor.id, 'reward');
      return c.json<RewardAnswer>(
        { reward: await createReward(deps, c.var.actor, c.req.valid('json'), key) },
        201,
      );
    })
    .put('/:id', validate('param', idParam), validate('json', updateRewardInput), async (c) => {
      await deps.limits.hit('pointsWriteByAccount', c.var.actor.id);
      const reward = await updateReward(deps, c.var.actor, c.req.valid('param').id, c.req.valid('json'));
      return c.json<RewardAnswer>({ reward }, 200);
    })
    .delete('/:id', validate('param', idParam), async (c) => {
      await deps.limits.hit('pointsWriteByAccount', c.var.actor.id);
      await retireReward(deps, c.var.actor, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    })
    .post('/:id/restore', validate('param', idParam), async (c) => {
      await deps.limits.hit('pointsWriteByAccount', c.var.actor.id);
      const reward = await restoreReward(deps, c.var.actor, c.req.valid('param').id);
      return c.json<RewardAnswer>({ reward }, 200);
    })
    .post('/:id/redeem', validate('param', idParam), validate('json', redeemRewardInput), async (c) => {
      await deps.limits.hit('pointsWriteByAccount', c.var.actor.id);
      const key = idempotencyKeyOf(c, c.var.actor.id, 'redemption');
      const { id } = c.req.valid('param');
      return c.json<RedemptionAnswer>(
        await redeemReward(deps, c.var.actor, id, c.req.valid('json'), key),
        201,
      );
    });

/** /api/redemptions: what the submissive asked for; the dominant grants or denies it. */
export const redemptionsRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', redemptionsQuery), async (c) =>
      c.json<RedemptionListView>(await listRedemptions(deps.db, c.var.actor, c.req.valid('query')), 200),
    )
    .post('/:id/grant', validate('param', idParam), validate('json', decideRedemptionInput), async (c) => {
      await deps.limits.hit('pointsWriteByAccount', c.var.actor.id);
      const { id } = c.req.valid('param');
      return c.json<RedemptionAnswer>(
        await decideRedemption(deps, c.var.actor, id, c.req.valid('json'), 'granted'),
        200,
      );
    })
    .post('/:id/deny', validate('param', idParam), validate('json', decideRedemptionInput), async (c) => {
      await deps.limits.hit('pointsWriteByAccount', c.var.actor.id);
      const { id } = c.req.valid('param');
      return c.json<RedemptionAnswer>(
        await decideRedemption(deps, c.var.actor, id, c.req.valid('json'), 'denied'),
        200,
      );
    });
