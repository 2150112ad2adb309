import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './auth';
import { media, proofGone, proofGoneCheck } from './media';
import { pairs } from './pairs';

/**
 * A journal message between the two members of a pair (spec 2 §3 "Journal message"). `created_at` is kept
 * to the millisecond, the precision of the page cursor, so that the keyset (created_at, id) is exact.
 */
export const journalMessages = pgTable(
  'journal_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    receiverId: userRef('receiver_id'),
    content: text('content').notNull().default(''),
    tone: text('tone', { enum: ['green', 'yellow', 'red'] })
      .notNull()
      .default('green'),
    /** The voice message: a media claim held by 'message'. */
    voiceNote: uuid('voice_note').references(() => media.id, { onDelete: 'set null' }),
    /** Where the voice message was, once expired or deleted by its sender (decision 076). */
    voiceNoteGone: proofGone('voice_note_gone'),
    /** The voice message's optional title. */
    voiceNoteDescription: text('voice_note_description'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // DESC NULLS FIRST: the order of `order by created_at desc, id desc`, so the page reads the index in order.
    index('journal_messages_pair_created_idx').on(
      t.pairId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('journal_messages_tone_check', sql`${t.tone} in ('green', 'yellow', 'red')`),
    check('journal_messages_not_self', sql`${t.senderId} <> ${t.receiverId}`),
    proofGoneCheck('journal_messages_voice_note_gone_check', t.voiceNoteGone),
  ],
);
