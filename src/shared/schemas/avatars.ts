import { z } from 'zod';
import { AVATAR_MAX_BYTES, AVATAR_TEXT } from '../texts/avatars';
import { uuidField } from './common';

export { AVATAR_MAX_BYTES, AVATAR_TEXT };

/** GET /api/avatars/:userId */
export const avatarUserParam = z.object({ userId: uuidField('User not found') });

/** What POST and DELETE /api/me/avatar answer: the address the picture is now served at, or null. */
export interface AvatarView {
  photoURL: string | null;
}
