import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  createRitualInput,
  markRitualInput,
  type RitualAnswer,
  type RitualListView,
  ritualDayParam,
  ritualsQuery,
  updateRitualInput,
} from '@/shared/schemas/rituals';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { validate } from '../../http/validate';
import { markRitualDay } from './rituals.marks';
import { listRituals } from './rituals.queries';
import { createRitual, retireRitual, updateRitual } from './rituals.service';

/**
 * /api/rituals (decision 074): a pair's rituals. Both partners read them; the pair's dominant sets, changes
 * and retires them; its submissive marks their days. Anyone else finds nothing (404). Every write counts
 * against `ritualsWriteByAccount`.
 */
export const ritualsRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', ritualsQuery), async (c) =>
      c.json<RitualListView>(
        await listRituals(deps.db, c.var.actor, c.req.valid('query').partnerId, deps.clock()),
        200,
      ),
    )
    .post('/', validate('json', createRitualInput), async (c) => {
      await deps.limits.hit('ritualsWriteByAccount', c.var.actor.id);
      const key = idempotencyKeyOf(c, c.var.actor.id, 'ritual');
      const ritual = await createRitual(deps, c.var.actor, c.req.valid('json'), key);
      return c.json<RitualAnswer>({ ritual }, 201);
    })
    .patch('/:id', validate('param', idParam), validate('json', updateRitualInput), async (c) => {
      await deps.limits.hit('ritualsWriteByAccount', c.var.actor.id);
      const ritual = await updateRitual(deps, c.var.actor, c.req.valid('param').id, c.req.valid('json'));
      return c.json<RitualAnswer>({ ritual }, 200);
    })
    .delete('/:id', validate('param', idParam), async (c) => {
      await deps.limits.hit('ritualsWriteByAccount', c.var.actor.id);
      await retireRitual(deps, c.var.actor, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    })
    .put(
      '/:id/days/:date',
      validate('param', ritualDayParam),
      validate('json', markRitualInput),
      async (c) => {
        await deps.limits.hit('ritualsWriteByAccount', c.var.actor.id);
        const { id, date } = c.req.valid('param');
        const ritual = await markRitualDay(deps, c.var.actor, id, date, c.req.valid('json'));
        return c.json<RitualAnswer>({ ritual }, 200);
      },
    );
