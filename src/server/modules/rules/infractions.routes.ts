import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  contestInfractionInput,
  type InfractionAnswer,
  type InfractionListView,
  infractionsQuery,
  logInfractionInput,
} from '@/shared/schemas/infractions';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { validate } from '../../http/validate';
import { contestInfraction, listInfractions, logInfraction, withdrawInfraction } from './infractions.service';

/**
 * /api/infractions (decision 065): both partners read a pair's infractions; its dominant logs and
 * withdraws them, its submissive contests them. A punishment is assigned from one through POST
 * /api/punishments with its `infractionId`.
 */
export const infractionRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', infractionsQuery), async (c) =>
      c.json<InfractionListView>(
        await listInfractions(deps.db, c.var.actor, c.req.valid('query').partnerId),
        200,
      ),
    )
    .post('/', validate('json', logInfractionInput), async (c) => {
      await deps.limits.hit('rulesWriteByAccount', c.var.actor.id);
      const key = idempotencyKeyOf(c, c.var.actor.id, 'infraction');
      return c.json<InfractionAnswer>(
        { infraction: await logInfraction(deps, c.var.actor, c.req.valid('json'), key) },
        201,
      );
    })
    .post('/:id/contest', validate('param', idParam), validate('json', contestInfractionInput), async (c) => {
      await deps.limits.hit('rulesWriteByAccount', c.var.actor.id);
      const key = idempotencyKeyOf(c, c.var.actor.id, 'infraction-contest');
      const infraction = await contestInfraction(
        deps,
        c.var.actor,
        c.req.valid('param').id,
        c.req.valid('json'),
        key,
      );
      return c.json<InfractionAnswer>({ infraction }, 200);
    })
    .post('/:id/withdraw', validate('param', idParam), async (c) => {
      await deps.limits.hit('rulesWriteByAccount', c.var.actor.id);
      const infraction = await withdrawInfraction(deps, c.var.actor, c.req.valid('param').id);
      return c.json<InfractionAnswer>({ infraction }, 200);
    });
