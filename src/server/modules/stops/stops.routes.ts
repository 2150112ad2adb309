import { Hono } from 'hono';
import { type StopsView, stopInput } from '@/shared/schemas/stops';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { callRed, liftRed, listStops } from './stops.service';

/**
 * /api/stops: Red (decision 049). Any signed-in partner, in either role and before a Switch has chosen
 * one: stopping always works.
 */
export const stopRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json<StopsView>(await listStops(deps.db, c.var.actor.id), 200))
    .post('/', validate('json', stopInput), async (c) =>
      c.json<StopsView>(await callRed(deps, c.var.actor, c.req.valid('json')), 200),
    )
    .post('/lift', validate('json', stopInput), async (c) => {
      await deps.limits.hit('stopLiftByAccount', c.var.actor.id);
      return c.json<StopsView>(await liftRed(deps, c.var.actor, c.req.valid('json')), 200);
    });
