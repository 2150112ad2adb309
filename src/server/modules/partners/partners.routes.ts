import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  blockUserInput,
  partnerIdParam,
  searchUsersInput,
  sendRequestInput,
} from '@/shared/schemas/partners';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { clientAddress } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { blockUser, listBlocked, unblock } from './partners.blocks';
import { disconnectPartner, listPartners } from './partners.connections';
import { acceptRequest, getRequest, listRequests, rejectRequest, sendRequest } from './partners.requests';
import { searchUsers } from './partners.search';

/** /api/users: partner search. */
export const userRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .post('/search', validate('json', searchUsersInput), async (c) => {
      // Each hit can reveal a name and a role: probing is limited per account and per client.
      await deps.limits.hit('searchByAccount', c.get('actor').id);
      await deps.limits.hit('searchFromClient', clientAddress(c, deps.trustProxy));
      return c.json({ users: await searchUsers(deps, c.get('actor'), c.req.valid('json')) }, 200);
    });

/** /api/partners: the signed-in user's connections. */
export const partnerRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json({ partners: await listPartners(deps, c.get('actor')) }, 200))
    .delete('/:partnerId', validate('param', partnerIdParam), async (c) => {
      await disconnectPartner(deps, c.get('actor'), c.req.valid('param'));
      return c.json({ success: true as const }, 200);
    });

/** /api/partner-requests: requests the user sent or received. Only the receiver answers one. */
export const requestRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json({ requests: await listRequests(deps, c.get('actor')) }, 200))
    .post('/', validate('json', sendRequestInput), async (c) =>
      c.json(
        {
          request: await sendRequest(
            deps,
            c.get('actor'),
            c.req.valid('json'),
            idempotencyKeyOf(c, c.get('actor').id, 'partner-request'),
          ),
        },
        201,
      ),
    )
    .get('/:id', validate('param', idParam), async (c) =>
      c.json({ request: await getRequest(deps, c.get('actor'), c.req.valid('param')) }, 200),
    )
    .post('/:id/accept', validate('param', idParam), async (c) =>
      c.json(await acceptRequest(deps, c.get('actor'), c.req.valid('param')), 200),
    )
    .post('/:id/reject', validate('param', idParam), async (c) => {
      await rejectRequest(deps, c.get('actor'), { ...c.req.valid('param'), block: false });
      return c.json({ success: true as const }, 200);
    })
    .post('/:id/block', validate('param', idParam), async (c) => {
      await rejectRequest(deps, c.get('actor'), { ...c.req.valid('param'), block: true });
      return c.json({ success: true as const }, 200);
    });

/** /api/blocks: the users the signed-in user has blocked. */
export const blockRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json({ blocked: await listBlocked(deps, c.get('actor')) }, 200))
    .post('/', validate('json', blockUserInput), async (c) =>
      c.json({ blocked: await blockUser(deps, c.get('actor'), c.req.valid('json')) }, 201),
    )
    .delete('/:id', validate('param', idParam), async (c) => {
      await unblock(deps, c.get('actor'), c.req.valid('param'));
      return c.json({ success: true as const }, 200);
    });
