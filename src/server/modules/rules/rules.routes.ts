import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  acknowledgeRuleInput,
  createRuleInput,
  type RuleAnswer,
  type RuleListView,
  type RuleVersionsView,
  rulesQuery,
  updateRuleInput,
} from '@/shared/schemas/rules';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { validate } from '../../http/validate';
import { listRules, listRuleVersions } from './rules.queries';
import { acknowledgeRule, createRule, retireRule, updateRule } from './rules.service';

/**
 * /api/rules (decision 064): a pair's rules. Both partners read them; the pair's dominant writes, changes
 * and retires them; its submissive acknowledges each version. Anyone else finds nothing (404).
 */
export const rulesRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', rulesQuery), async (c) =>
      c.json<RuleListView>(await listRules(deps.db, c.var.actor, c.req.valid('query').partnerId), 200),
    )
    .post('/', validate('json', createRuleInput), async (c) => {
      await deps.limits.hit('rulesWriteByAccount', c.var.actor.id);
      const key = idempotencyKeyOf(c, c.var.actor.id, 'rule');
      return c.json<RuleAnswer>({ rule: await createRule(deps, c.var.actor, c.req.valid('json'), key) }, 201);
    })
    .get('/:id/versions', validate('param', idParam), async (c) =>
      c.json<RuleVersionsView>(await listRuleVersions(deps.db, c.var.actor, c.req.valid('param').id), 200),
    )
    .put('/:id', validate('param', idParam), validate('json', updateRuleInput), async (c) => {
      await deps.limits.hit('rulesWriteByAccount', c.var.actor.id);
      const rule = await updateRule(deps, c.var.actor, c.req.valid('param').id, c.req.valid('json'));
      return c.json<RuleAnswer>({ rule }, 200);
    })
    .post(
      '/:id/acknowledge',
      validate('param', idParam),
      validate('json', acknowledgeRuleInput),
      async (c) => {
        await deps.limits.hit('rulesWriteByAccount', c.var.actor.id);
        const rule = await acknowledgeRule(deps, c.var.actor, c.req.valid('param').id, c.req.valid('json'));
        return c.json<RuleAnswer>({ rule }, 200);
      },
    )
    .delete('/:id', validate('param', idParam), async (c) => {
      await deps.limits.hit('rulesWriteByAccount', c.var.actor.id);
      await retireRule(deps, c.var.actor, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    });
