import { Hono } from 'hono';
import { type AvatarView, avatarUserParam } from '@/shared/schemas/avatars';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from '../../media/process';
import { checkDeclaredLength, checkDeclaredType, readBody } from '../../media/upload-body';
import { readAvatar, removeAvatar, uploadAvatar } from './avatars.service';

/** /api/me/avatar: the signed-in user's own profile picture (a raw image body, like media uploads). */
export const myAvatarRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .post('/', async (c) => {
      // Size, type and the account's limit are checked before a byte of the body is read.
      checkDeclaredLength(c.req.raw, AVATAR_MAX_BYTES, AVATAR_TOO_LARGE);
      checkDeclaredType('image/', c.req.header('Content-Type'));
      await deps.limits.hit('avatarByAccount', c.get('actor').id);
      const result = await uploadAvatar(deps, c.get('actor'), () =>
        readBody(c.req.raw, AVATAR_MAX_BYTES, AVATAR_TOO_LARGE),
      );
      return c.json<AvatarView>(result, 200);
    })
    .delete('/', async (c) => {
      await deps.limits.hit('avatarByAccount', c.get('actor').id);
      return c.json<AvatarView>(await removeAvatar(deps, c.get('actor')), 200);
    });

/** /api/avatars/:userId: a user's picture, for those allowed to see it; never cached by anyone else. */
export const avatarRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/:userId', validate('param', avatarUserParam), async (c) => {
      const { mime, data } = await readAvatar(deps, c.get('actor'), c.req.valid('param').userId);
      return c.body(new Uint8Array(data), 200, {
        'Content-Type': mime,
        'Content-Length': String(data.length),
        // As every private file: no shared cache, nothing left in the browser's cache after logout.
        'Cache-Control': 'private, no-store',
        'Content-Disposition': 'inline',
        Vary: 'Cookie',
      });
    });
