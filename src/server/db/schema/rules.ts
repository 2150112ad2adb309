import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LIMIT_TAGS_MAX } from '../../../shared/domain/limits';
import { INFRACTION_NOTE_MAX, INFRACTION_STATES } from '../../../shared/schemas/infractions';
import {
  RULE_CATEGORIES,
  RULE_CONSEQUENCE_MAX,
  RULE_TEXT_MAX,
  RULE_TITLE_MAX,
} from '../../../shared/schemas/rules';
import { userRef } from './auth';
import { pairs } from './pairs';
import { punishments } from './punishments';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A pair's rules (decision 064): the rule itself holds only which version is in force; its words live in
 * `rule_versions`, one row per edit, never changed. A retired rule stays (an infraction names the version
 * that was in force) but is no longer listed.
 */
export const rules = pgTable(
  'rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    retiredAt: ts('retired_at'),
  },
  (t) => [
    index('rules_pair_live_idx')
      .on(t.pairId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.retiredAt} is null`),
    check('rules_version_check', sql`${t.version} >= 1`),
  ],
);

/** Every version of a rule as it was written: title, text, category, limit tags and guideline consequence. */
export const ruleVersions = pgTable(
  'rule_versions',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    category: text('category', { enum: RULE_CATEGORIES }),
    limitTags: text('limit_tags').array().notNull().default(sql`'{}'::text[]`),
    consequence: text('consequence'),
    writtenBy: userRef('written_by'),
    writtenAt: ts('written_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.version] }),
    check(
      'rule_versions_title_check',
      sql`char_length(${t.title}) between 1 and ${sql.raw(String(RULE_TITLE_MAX))}`,
    ),
    check('rule_versions_text_check', sql`char_length(${t.text}) <= ${sql.raw(String(RULE_TEXT_MAX))}`),
    check(
      'rule_versions_consequence_check',
      sql`${t.consequence} is null or char_length(${t.consequence}) <= ${sql.raw(String(RULE_CONSEQUENCE_MAX))}`,
    ),
    check(
      'rule_versions_category_check',
      sql.raw(`category is null or category in (${RULE_CATEGORIES.map((c) => `'${c}'`).join(', ')})`),
    ),
    check(
      'rule_versions_limit_tags_check',
      sql`cardinality(${t.limitTags}) <= ${sql.raw(String(LIMIT_TAGS_MAX))}`,
    ),
  ],
);

/** The submissive's acknowledgement of one version: made once, never changed; an edit asks for a new one. */
export const ruleAcknowledgements = pgTable(
  'rule_acknowledgements',
  {
    ruleId: uuid('rule_id').notNull(),
    version: integer('version').notNull(),
    userId: userRef('user_id'),
    acknowledgedAt: ts('acknowledged_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.version] }),
    foreignKey({
      name: 'rule_acknowledgements_version_fk',
      columns: [t.ruleId, t.version],
      foreignColumns: [ruleVersions.ruleId, ruleVersions.version],
    }).onDelete('cascade'),
  ],
);

/**
 * An infraction of a rule (decision 065): the version in force when it happened, never changed after;
 * `state` moves from logged to contested (the submissive's note) or withdrawn (by the dominant). A
 * punishment assigned from it is linked here (one at most); deleting the punishment unlinks it.
 */
export const infractions = pgTable(
  'infractions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').notNull(),
    ruleVersion: integer('rule_version').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    note: text('note'),
    loggedBy: userRef('logged_by'),
    loggedAt: ts('logged_at').notNull().defaultNow(),
    state: text('state', { enum: INFRACTION_STATES }).notNull().default('logged'),
    contestNote: text('contest_note'),
    contestedAt: ts('contested_at'),
    withdrawnAt: ts('withdrawn_at'),
    punishmentId: uuid('punishment_id').references(() => punishments.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({
      name: 'infractions_rule_version_fk',
      columns: [t.ruleId, t.ruleVersion],
      foreignColumns: [ruleVersions.ruleId, ruleVersions.version],
    }).onDelete('cascade'),
    index('infractions_pair_occurred_idx').on(t.pairId, t.occurredAt.desc(), t.id.desc()),
    uniqueIndex('infractions_punishment_uq').on(t.punishmentId).where(sql`${t.punishmentId} is not null`),
    check(
      'infractions_state_check',
      sql.raw(`state in (${INFRACTION_STATES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check(
      'infractions_note_check',
      sql`${t.note} is null or char_length(${t.note}) <= ${sql.raw(String(INFRACTION_NOTE_MAX))}`,
    ),
    check(
      'infractions_contest_note_check',
      sql`${t.contestNote} is null or char_length(${t.contestNote}) <= ${sql.raw(String(INFRACTION_NOTE_MAX))}`,
    ),
  ],
);
