import { z } from 'zod';
import { QUIETABLE_KINDS, type QuietableKind } from '../domain/notification-kinds';
import { NOTIFICATION_PREFERENCES_TEXT as TEXT } from '../texts/notification-preferences';

/** How one kind reaches its user (decision 085): in the app (unread, with a toast) and by push. */
const channels = z.strictObject(
  {
    inApp: z.boolean({ error: TEXT.channelInvalid }),
    push: z.boolean({ error: TEXT.channelInvalid }),
  },
  { error: TEXT.channelsInvalid },
);
export type KindChannels = z.output<typeof channels>;

/**
 * PUT /api/notifications/preferences: the kinds to change, each with both channels; kinds left out stay as
 * they were. Safety is not among them: it cannot be quieted.
 */
export const notificationPreferencesInput = z
  .strictObject(
    Object.fromEntries(QUIETABLE_KINDS.map((kind) => [kind, channels.optional()])) as Record<
      QuietableKind,
      z.ZodOptional<typeof channels>
    >,
    { error: TEXT.kindUnknown },
  )
  .refine((input) => Object.keys(input).length > 0, { message: TEXT.nothingToChange });
export type NotificationPreferencesInput = z.output<typeof notificationPreferencesInput>;

/** What GET and PUT answer: every quietable kind, with its defaults (both on) where nothing was chosen. */
export type NotificationPreferences = Record<QuietableKind, KindChannels>;
