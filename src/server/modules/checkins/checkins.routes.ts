import { Hono } from 'hono';
import { type CheckinsView, checkinInput } from '@/shared/schemas/checkins';
import { idParam } from '@/shared/schemas/common';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { answerCheckin, askCheckin, listCheckins } from './checkins.service';

/**
 * /api/checkins: Yellow (decision 049). Any signed-in partner, in either role and before a Switch has
 * chosen one, asks the other to check in; only the other answers.
 */
export const checkinRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json<CheckinsView>(await listCheckins(deps.db, c.var.actor.id), 200))
    .post('/', validate('json', checkinInput), async (c) => {
      await deps.limits.hit('checkinAskByAccount', c.var.actor.id);
      return c.json<CheckinsView>(await askCheckin(deps, c.var.actor, c.req.valid('json')), 200);
    })
    .post('/:id/answer', validate('param', idParam), async (c) => {
      await deps.limits.hit('checkinAnswerByAccount', c.var.actor.id);
      return c.json<CheckinsView>(await answerCheckin(deps, c.var.actor, c.req.valid('param')), 200);
    });
