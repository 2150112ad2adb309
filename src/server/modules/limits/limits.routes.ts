import { Hono } from 'hono';
import { type LimitsView, limitAnswerInput, limitFinishInput, limitItemInput } from '@/shared/schemas/limits';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { addLimitItem, answerLimit, finishLimits, listLimits } from './limits.service';

/**
 * /api/limits (decision 055): the limits lists. Either partner of an active pair, in either role and
 * also while Red holds the pair (saying no is never refused); each reads their own answers and, once
 * both finished, the matches.
 */
export const limitsRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json<LimitsView>(await listLimits(deps.db, c.var.actor.id), 200))
    .put('/answer', validate('json', limitAnswerInput), async (c) => {
      await deps.limits.hit('limitsWriteByAccount', c.var.actor.id);
      return c.json<LimitsView>(await answerLimit(deps, c.var.actor, c.req.valid('json')), 200);
    })
    .post('/items', validate('json', limitItemInput), async (c) => {
      await deps.limits.hit('limitsWriteByAccount', c.var.actor.id);
      return c.json<LimitsView>(await addLimitItem(deps, c.var.actor, c.req.valid('json')), 200);
    })
    .post('/finish', validate('json', limitFinishInput), async (c) => {
      await deps.limits.hit('limitsWriteByAccount', c.var.actor.id);
      return c.json<LimitsView>(await finishLimits(deps, c.var.actor, c.req.valid('json')), 200);
    });
