import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  askPermissionInput,
  decidePermissionInput,
  type PermissionAnswer,
  type PermissionListView,
  permissionsQuery,
} from '@/shared/schemas/permissions';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { validate } from '../../http/validate';
import { listRequests } from './permissions.queries';
import { askPermission, decidePermission, withdrawPermission } from './permissions.service';

/*
 * /api/permission-requests (decision 069). Both partners of an active pair read; its submissive asks and
 * withdraws; its dominant grants or denies. Anyone else finds nothing (404). Every write counts against
 * `permissionWriteByAccount`.
 */
export const permissionRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', permissionsQuery), async (c) =>
      c.json<PermissionListView>(await listRequests(deps.db, c.var.actor, c.req.valid('query')), 200),
    )
    .post('/', validate('json', askPermissionInput), async (c) => {
      await deps.limits.hit('permissionWriteByAccount', c.var.actor.id);
      const key = idempotencyKeyOf(c, c.var.actor.id, 'permission');
      return c.json<PermissionAnswer>(
        { request: await askPermission(deps, c.var.actor, c.req.valid('json'), key) },
        201,
      );
    })
    .post('/:id/grant', validate('param', idParam), validate('json', decidePermissionInput), async (c) => {
      await deps.limits.hit('permissionWriteByAccount', c.var.actor.id);
      const { id } = c.req.valid('param');
      const request = await decidePermission(deps, c.var.actor, id, c.req.valid('json'), 'granted');
      return c.json<PermissionAnswer>({ request }, 200);
    })
    .post('/:id/deny', validate('param', idParam), validate('json', decidePermissionInput), async (c) => {
      await deps.limits.hit('permissionWriteByAccount', c.var.actor.id);
      const { id } = c.req.valid('param');
      const request = await decidePermission(deps, c.var.actor, id, c.req.valid('json'), 'denied');
      return c.json<PermissionAnswer>({ request }, 200);
    })
    .post('/:id/withdraw', validate('param', idParam), async (c) => {
      await deps.limits.hit('permissionWriteByAccount', c.var.actor.id);
      const request = await withdrawPermission(deps, c.var.actor, c.req.valid('param').id);
      return c.json<PermissionAnswer>({ request }, 200);
    });
