import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './auth';

/**
 * A user's profile picture (decision 028): one per user, re-encoded and square, kept through the media
 * storage under `storage_key`. It belongs to no pair, so it is not a `media` row. `users.photo_url` holds
 * the address it is served at (`/api/avatars/<user id>?v=…`), which changes with each upload. The row goes
 * with the user; the bytes are removed by whoever removes the row.
 */
export const avatars = pgTable('avatars', {
  userId: userRef('user_id').primaryKey(),
  storageKey: text('storage_key').notNull().unique(),
  mime: text('mime').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
