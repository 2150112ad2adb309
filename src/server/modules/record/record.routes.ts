import { Hono } from 'hono';
import {
  type RecordPageView,
  type RecordPairView,
  type RecordVerdict,
  recordQuery,
  recordVerifyInput,
} from '@/shared/schemas/record';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { listRecordPairs, readRecord, verifyRecord } from './record.service';

/**
 * /api/record: the pair's record (decision 053). Both partners read it, and each keeps reading it after the
 * pair ends; a check recomputes the chain whole, limited per account.
 */
export const recordRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', recordQuery), async (c) =>
      c.json<RecordPageView>(await readRecord(deps, c.get('actor'), c.req.valid('query')), 200),
    )
    .get('/pairs', async (c) =>
      c.json<{ pairs: RecordPairView[] }>(await listRecordPairs(deps, c.get('actor')), 200),
    )
    .post('/verify', validate('json', recordVerifyInput), async (c) => {
      const actor = c.get('actor');
      await deps.limits.hit('recordVerifyByAccount', actor.id);
      return c.json<RecordVerdict>(await verifyRecord(deps, actor, c.req.valid('json')), 200);
    });
