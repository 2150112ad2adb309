import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  blockUserInput,
  partnerIdParam,
  searchUsersInput,
  sendRequestInput,
} from '@/shared/schemas/partners';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireSession } from '../../auth/session';
import { validate } from '../../http/validate';
import {
  acceptRequest,
  blockUser,
  disconnectPartner,
  getRequest,
  listBlocked,
  listPartners,
  listRequests,
  type PartnersDeps,
  rejectRequest,
  searchUsers,
  sendRequest,
  unblock,
} from './partners.service';

type Deps = PartnersDeps & { auth: Auth };

/** /api/users: partner search. */
export const userRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps.auth))
    .post('/search', validate('json', searchUsersInput), async (c) =>
      c.json({ users: await searchUsers(deps, c.var.actor, c.req.valid('json').email) }, 200),
    );

/** /api/partners: the signed-in user's connections. */
export const partnerRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps.auth))
    .get('/', async (c) => c.json({ partners: await listPartners(deps.db, c.var.actor.id) }, 200))
    .delete('/:partnerId', validate('param', partnerIdParam), async (c) => {
      await disconnectPartner(deps, c.var.actor, c.req.valid('param').partnerId);
      return c.json({ success: true as const }, 200);
    });

/** /api/partner-requests: requests the user sent or received. Only the receiver answers one. */
export const requestRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps.auth))
    .get('/', async (c) => c.json({ requests: await listRequests(deps.db, c.var.actor.id) }, 200))
    .post('/', validate('json', sendRequestInput), async (c) =>
      c.json({ request: await sendRequest(deps, c.var.actor, c.req.valid('json').receiverId) }, 201),
    )
    .get('/:id', validate('param', idParam), async (c) =>
      c.json({ request: await getRequest(deps.db, c.var.actor.id, c.req.valid('param').id) }, 200),
    )
    .post('/:id/accept', validate('param', idParam), async (c) =>
      c.json(await acceptRequest(deps, c.var.actor, c.req.valid('param').id), 200),
    )
    .post('/:id/reject', validate('param', idParam), async (c) => {
      await rejectRequest(deps, c.var.actor, c.req.valid('param').id, { block: false });
      return c.json({ success: true as const }, 200);
    })
    .post('/:id/block', validate('param', idParam), async (c) => {
      await rejectRequest(deps, c.var.actor, c.req.valid('param').id, { block: true });
      return c.json({ success: true as const }, 200);
    });

/** /api/blocks: the users the signed-in user has blocked. */
export const blockRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps.auth))
    .get('/', async (c) => c.json({ blocked: await listBlocked(deps.db, c.var.actor.id) }, 200))
    .post('/', validate('json', blockUserInput), async (c) =>
      c.json({ blocked: await blockUser(deps, c.var.actor, c.req.valid('json').userId) }, 201),
    )
    .delete('/:id', validate('param', idParam), async (c) => {
      await unblock(deps, c.var.actor, c.req.valid('param').id);
      return c.json({ success: true as const }, 200);
    });
