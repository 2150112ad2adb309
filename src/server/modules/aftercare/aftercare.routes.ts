import { Hono } from 'hono';
import { type AftercareListView, aftercareAnswerInput } from '@/shared/schemas/aftercare';
import { idParam } from '@/shared/schemas/common';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { listAftercare, respondToAftercare } from './aftercare.service';

/**
 * /api/aftercare (decision 054): the user's open aftercare asks; answering one (an optional note) or
 * dismissing it. Either partner, in either role and before a Switch has chosen one, also while Red holds
 * the pair: caring for each other is never refused.
 */
export const aftercareRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json<AftercareListView>(await listAftercare(deps.db, c.get('actor').id), 200))
    .post('/:id/answer', validate('param', idParam), validate('json', aftercareAnswerInput), async (c) => {
      await deps.limits.hit('aftercareAnswerByAccount', c.get('actor').id);
      const { note } = c.req.valid('json');
      return c.json<AftercareListView>(
        await respondToAftercare(deps, c.get('actor'), { ...c.req.valid('param'), dismiss: false, note }),
        200,
      );
    })
    .post('/:id/dismiss', validate('param', idParam), async (c) => {
      await deps.limits.hit('aftercareAnswerByAccount', c.get('actor').id);
      return c.json<AftercareListView>(
        await respondToAftercare(deps, c.get('actor'), { ...c.req.valid('param'), dismiss: true }),
        200,
      );
    });
