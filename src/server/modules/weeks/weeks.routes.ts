import { Hono } from 'hono';
import { type WeeksView, weeksQuery } from '@/shared/schemas/weeks';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { weeksOf } from './weeks.service';

/** /api/weeks?partnerId=: how the last eight weeks went, for both partners of the pair (decision 071). */
export const weeksRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', weeksQuery), async (c) =>
      c.json<WeeksView>(
        await weeksOf(deps.db, c.var.actor, c.req.valid('query').partnerId, deps.clock()),
        200,
      ),
    );
