import { Hono } from 'hono';
import {
  aftercareWishesInput,
  type NegotiationView,
  negotiationPartnerInput,
} from '@/shared/schemas/negotiation';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import {
  confirmNegotiation,
  listNegotiation,
  setAftercareWishes,
  withdrawNegotiation,
} from './negotiation.service';

/**
 * /api/negotiation (decision 058): the first negotiation of each active pair. Either partner reads it and
 * writes their aftercare wishes; only the pair's submissive confirms it or withdraws the confirmation, in
 * any session role and also while Red or Yellow holds the pair. Withdrawing is never limited.
 */
export const negotiationRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json<NegotiationView>(await listNegotiation(deps.db, c.var.actor.id), 200))
    .post('/confirm', validate('json', negotiationPartnerInput), async (c) => {
      await deps.limits.hit('negotiationWriteByAccount', c.var.actor.id);
      return c.json<NegotiationView>(await confirmNegotiation(deps, c.var.actor, c.req.valid('json')), 200);
    })
    .post('/withdraw', validate('json', negotiationPartnerInput), async (c) =>
      c.json<NegotiationView>(await withdrawNegotiation(deps, c.var.actor, c.req.valid('json')), 200),
    )
    .put('/aftercare', validate('json', aftercareWishesInput), async (c) => {
      await deps.limits.hit('negotiationWriteByAccount', c.var.actor.id);
      return c.json<NegotiationView>(await setAftercareWishes(deps, c.var.actor, c.req.valid('json')), 200);
    });
