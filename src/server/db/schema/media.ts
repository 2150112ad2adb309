import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { pairs } from './pairs';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A private file of a pair: a photo (re-encoded, metadata stripped) or a voice note. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['photo', 'audio'] }).notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    durationMs: integer('duration_ms'),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The claim: which kind of row holds the file (e.g. 'task'), set once by one conditional update when a
     * feature attaches an upload. Null means unclaimed; unclaimed uploads older than a day are swept.
     */
    attachedTo: text('attached_to'),
    attachedAt: ts('attached_at'),
  },
  (t) => [
    index('media_pair_idx').on(t.pairId),
    index('media_unclaimed_idx').on(t.createdAt).where(sql`${t.attachedTo} is null`),
    check('media_kind_check', sql`${t.kind} in ('photo', 'audio')`),
  ],
);
