import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { PROOF_GONE, PROOF_KEEPS } from '../../../shared/texts/media';
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
     * The claim: which kind of row holds the file (e.g. 'task') and which row (`attached_id`: the task for
     * every file of a task, its history entries included; the punishment; the journal message), set once
     * by one conditional update when a feature attaches an upload. Null means unclaimed; unclaimed uploads
     * older than a day are swept. The database refuses a row pointed at a file it does not hold, and a
     * claim that moves (migrations 0013 and 0014, decision 015).
     */
    attachedTo: text('attached_to'),
    attachedId: uuid('attached_id'),
    attachedAt: ts('attached_at'),
    /**
     * When the file is deleted by itself, as its sender chose at upload (decision 076): the hourly sweep
     * deletes the file and this row, and marks the rows that held it (`proofGone`). Null: kept until the
     * sender deletes it.
     */
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('media_pair_idx').on(t.pairId),
    index('media_unclaimed_idx').on(t.createdAt).where(sql`${t.attachedTo} is null`),
    index('media_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    check('media_kind_check', sql`${t.kind} in ('photo', 'audio')`),
    check('media_attached_check', sql`(${t.attachedTo} is null) = (${t.attachedId} is null)`),
  ],
);

/** Binary data: a Buffer on either driver (pg answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.length),
});

/**
 * The bytes of media files when they are kept in the database (MEDIA_STORAGE=database, the default on a
 * PostgreSQL server; decision 017), by the same storage key as `media.storage_key`. No foreign key: the
 * bytes are stored before their media row is written, and removed after it is gone.
 */
export const mediaBlobs = pgTable('media_blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
});

/**
 * The mark a row keeps where its proof was (decision 076): `expired` (its keep-time ran out) or `deleted`
 * (its sender deleted it). The file column beside it is null by then; the item says the proof existed.
 */
export const proofGone = (name: string) => text(name, { enum: PROOF_GONE });

/** The check of a proof mark's values. */
export const proofGoneCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} in ('expired', 'deleted')`);

/** A user's default keep-time of the proofs they send (decision 076); no row: until they delete them. */
export const proofPreferences = pgTable(
  'proof_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    keep: text('keep', { enum: PROOF_KEEPS }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('proof_preferences_keep_check', sql`${t.keep} in ('7', '14', '30', '90', 'forever')`)],
);
