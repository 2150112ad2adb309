import { Hono } from 'hono';
import {
  type CadencesView,
  type CheckinHistoryView,
  type CheckinsView,
  cadenceInput,
  checkinAnswerInput,
  checkinHistoryQuery,
  checkinInput,
} from '@/shared/schemas/checkins';
import { idParam } from '@/shared/schemas/common';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { listCadences, setCadence } from './checkins.cadence';
import { listCheckinHistory } from './checkins.history';
import { answerCheckin, askCheckin, type CallRedIn, listCheckins } from './checkins.service';

/**
 * /api/checkins: Yellow (decision 049) and the check-ins (decision 052). Any signed-in partner, in either
 * role and before a Switch has chosen one, asks the other to check in, answers what is theirs, reads the
 * pair's answered check-ins and sets the pair's cadence. `callRed`: the stops service's Red, for an
 * answer of Red.
 */
export const checkinRoutes = (deps: AppDeps, callRed: CallRedIn) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json<CheckinsView>(await listCheckins(deps.db, c.var.actor.id), 200))
    .post('/', validate('json', checkinInput), async (c) => {
      await deps.limits.hit('checkinAskByAccount', c.var.actor.id);
      return c.json<CheckinsView>(await askCheckin(deps, c.var.actor, c.req.valid('json')), 200);
    })
    .get('/history', validate('query', checkinHistoryQuery), async (c) =>
      c.json<CheckinHistoryView>(
        await listCheckinHistory(deps.db, c.var.actor.id, c.req.valid('query').before),
        200,
      ),
    )
    .get('/cadence', async (c) => c.json<CadencesView>(await listCadences(deps.db, c.var.actor.id), 200))
    .put('/cadence', validate('json', cadenceInput), async (c) =>
      c.json<CadencesView>(await setCadence(deps, c.var.actor, c.req.valid('json')), 200),
    )
    .post('/:id/answer', validate('param', idParam), validate('json', checkinAnswerInput), async (c) => {
      await deps.limits.hit('checkinAnswerByAccount', c.var.actor.id);
      const answer = { ...c.req.valid('param'), ...c.req.valid('json') };
      const { checkins } = await answerCheckin(deps, c.var.actor, answer, callRed);
      return c.json<CheckinsView>({ checkins }, 200);
    });
