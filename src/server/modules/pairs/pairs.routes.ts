import { Hono } from 'hono';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { listActivePairs } from './pairs.service';

/** /api/pairs: the signed-in user's active pairs. */
export const pairRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json({ pairs: await listActivePairs(deps.db, c.get('actor').id) }, 200));
