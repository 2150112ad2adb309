import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './auth';

/** A connection, stored as two rows, one per direction. */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    partnerId: userRef('partner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partners_user_partner_uq').on(t.userId, t.partnerId),
    index('partners_partner_id_idx').on(t.partnerId),
    check('partners_not_self', sql`${t.userId} <> ${t.partnerId}`),
  ],
);

export const partnerRequests = pgTable(
  'partner_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: userRef('sender_id'),
    receiverId: userRef('receiver_id'),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The sender's display name and acting role when the request was sent. */
    displayName: text('display_name').notNull(),
    role: text('role', { enum: ['dominant', 'submissive'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Each side's requests in the list's order (the list reads both sides and merges them).
    index('partner_requests_receiver_created_idx').on(
      t.receiverId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('partner_requests_sender_created_idx').on(
      t.senderId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // At most one pending request between two people, whichever of them sent it.
    uniqueIndex('partner_requests_one_pending_uq')
      .on(sql`least(${t.senderId}, ${t.receiverId})`, sql`greatest(${t.senderId}, ${t.receiverId})`)
      .where(sql`${t.status} = 'pending'`),
    check('partner_requests_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    check('partner_requests_role_check', sql`${t.role} in ('dominant', 'submissive')`),
    check('partner_requests_not_self', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

export const blockedUsers = pgTable(
  'blocked_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    blockedUserId: userRef('blocked_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blocked_users_uq').on(t.userId, t.blockedUserId),
    index('blocked_users_blocked_idx').on(t.blockedUserId),
    check('blocked_users_not_self', sql`${t.userId} <> ${t.blockedUserId}`),
  ],
);
