import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AREAS } from '../../../shared/domain/caps';
import {
  PERMISSION_NOTE_MAX,
  PERMISSION_STATUSES,
  PERMISSION_WHAT_MAX,
} from '../../../shared/texts/permissions';
import { pairs } from './pairs';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
const noteCheck = (column: string) =>
  sql.raw(`${column} is null or char_length(${column}) <= ${PERMISSION_NOTE_MAX}`);

/**
 * Permission requests (decision 069): what the submissive asks, for when, with a note, and the dominant's
 * answer. Like the points tables (decision 067) no column names a user by a foreign key: a request goes
 * with its pair and only with it.
 */
export const permissionRequests = pgTable(
  'permission_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    what: text('what').notNull(),
    /** The instant it is for; the web app shows it in the pair's (the submissive's) time zone. */
    whenAt: ts('when_at'),
    note: text('note'),
    areas: text('areas').array().notNull().default(sql`'{}'::text[]`),
    limitTags: text('limit_tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: PERMISSION_STATUSES }).notNull().default('pending'),
    decisionNote: text('decision_note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('permission_requests_pair_created_idx').on(t.pairId, t.createdAt.desc(), t.id.desc()),
    check(
      'permission_requests_what_check',
      sql`char_length(${t.what}) between 1 and ${sql.raw(String(PERMISSION_WHAT_MAX))}`,
    ),
    check('permission_requests_note_check', noteCheck('note')),
    check('permission_requests_decision_note_check', noteCheck('decision_note')),
    check('permission_requests_status_check', inList('status', PERMISSION_STATUSES)),
    check(
      'permission_requests_areas_check',
      sql.raw(`areas <@ array[${AREAS.map((a) => `'${a}'`).join(', ')}]::text[]`),
    ),
    check('permission_requests_decided_check', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);
