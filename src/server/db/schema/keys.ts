import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { pairs } from './pairs';

const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true });

/** A private key as the server keeps it: sealed in the browser by a key the server never sees (decision 100). */
export interface StoredWrap {
  v: 1;
  kdf: 'argon2id' | 'recovery';
  m?: number;
  t?: number;
  p?: number;
  salt: string;
  iv: string;
  ct: string;
}

/**
 * Each user's identity key for end-to-end encryption (decision 100): the public half as the partner's
 * browser reads it, the private half only wrapped (by the password through Argon2id, by the recovery key).
 * `generation` counts the key pairs the user made: a new one (after a reset without the recovery key)
 * changes the pair's safety code, which both partners see.
 */
export const userKeys = pgTable(
  'user_keys',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    passwordWrap: jsonb('password_wrap').$type<StoredWrap>().notNull(),
    recoveryWrap: jsonb('recovery_wrap').$type<StoredWrap>().notNull(),
    generation: integer('generation').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('user_keys_public_key_check', sql`${t.publicKey} ~ '^B[A-Za-z0-9_-]{86}$'`),
    check('user_keys_generation_check', sql`${t.generation} >= 1`),
  ],
);

/**
 * A pair's content key (`key_id`), wrapped by one partner (`wrapper_id`, with the public key they wrapped it
 * with) for one partner (`recipient_id`, who may be the wrapper, and the public key it was wrapped to). One row per key and recipient: a partner
 * who made a new identity key gets the pair's keys wrapped to it again, replacing the row.
 */
export const pairKeyWraps = pgTable(
  'pair_key_wraps',
  {
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    keyId: integer('key_id').notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wrapperId: uuid('wrapper_id').references(() => users.id, { onDelete: 'set null' }),
    wrapperPublicKey: text('wrapper_public_key').notNull(),
    /** The recipient's public key it was wrapped to: a wrap to a key they have since replaced opens no more. */
    recipientPublicKey: text('recipient_public_key').notNull(),
    iv: text('iv').notNull(),
    ct: text('ct').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pairId, t.keyId, t.recipientId] }),
    index('pair_key_wraps_recipient_idx').on(t.recipientId),
    check('pair_key_wraps_key_id_check', sql`${t.keyId} >= 1`),
  ],
);
