import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Caps } from '../../../shared/domain/caps';
import { pairs } from './pairs';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The shared contract of a pair (spec 2 §3, decision 022): one per pair, its text in `contract_versions`.
 * A signature names the version it was given on; the checks make the database refuse a signature that
 * outlives a change of text. Actor ids are plain uuids (history outlives nothing: the rows go with the pair).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    /** Null only inside the transaction that creates the contract and its first version. */
    currentVersionId: uuid('current_version_id').references((): AnyPgColumn => contractVersions.id),
    dominantSignedVersionId: uuid('dominant_signed_version_id').references(
      (): AnyPgColumn => contractVersions.id,
    ),
    dominantSignedAt: ts('dominant_signed_at'),
    submissiveSignedVersionId: uuid('submissive_signed_version_id').references(
      (): AnyPgColumn => contractVersions.id,
    ),
    submissiveSignedAt: ts('submissive_signed_at'),
    /** When the second party signed. */
    signedAt: ts('signed_at'),
    /** A denied request returns to 'none' (spec 2 §4); the denial stays in the history. */
    editRequestStatus: text('edit_request_status', { enum: ['none', 'pending', 'approved'] })
      .notNull()
      .default('none'),
    editRequestedBy: text('edit_requested_by', { enum: ['dominant', 'submissive'] }),
    lastEditedBy: uuid('last_edited_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The history's verdict, kept with each entry written (decision 047): how many entries, the hash of the
     * last (null until first recorded), and where and why it broke (null while it verifies).
     */
    chainEntries: integer('chain_entries').notNull().default(0),
    chainHeadHash: text('chain_head_hash'),
    chainBrokenAt: integer('chain_broken_at'),
    chainReason: text('chain_reason'),
    /** When the whole history was last re-hashed (the PDF, the daily sweep, a head that did not match). */
    chainVerifiedAt: ts('chain_verified_at'),
    /**
     * The caps the server enforces (decision 057): those of the last version both signed, with the
     * submissive's lowerings since; null while nothing is capped.
     */
    capsInForce: jsonb('caps_in_force').$type<Caps>(),
    /** When the submissive last lowered a cap at once: a version written before it never undoes it. */
    capsLoweredAt: ts('caps_lowered_at'),
  },
  (t) => [
    uniqueIndex('contracts_pair_uq').on(t.pairId),
    index('contracts_chain_verified_idx').on(t.chainVerifiedAt.asc().nullsFirst()),
    check('contracts_edit_status_check', sql`${t.editRequestStatus} in ('none', 'pending', 'approved')`),
    check(
      'contracts_edit_requester_check',
      sql`(${t.editRequestStatus} = 'none') = (${t.editRequestedBy} is null)`,
    ),
    check(
      'contracts_dominant_signature_check',
      sql`${t.dominantSignedVersionId} is null or (${t.dominantSignedVersionId} = ${t.currentVersionId} and ${t.dominantSignedAt} is not null)`,
    ),
    check(
      'contracts_submissive_signature_check',
      sql`${t.submissiveSignedVersionId} is null or (${t.submissiveSignedVersionId} = ${t.currentVersionId} and ${t.submissiveSignedAt} is not null)`,
    ),
  ],
);

/** One saved text of a contract: immutable (trigger), with its SHA-256 (hex of the UTF-8 text). */
export const contractVersions = pgTable(
  'contract_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references((): AnyPgColumn => contracts.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… within the contract. */
    number: integer('number').notNull(),
    content: text('content').notNull(),
    /** The caps written into this version (decision 057), hashed with its text; null: none written. */
    caps: jsonb('caps').$type<Caps>(),
    sha256: text('sha256').notNull(),
    editedBy: uuid('edited_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_versions_number_uq').on(t.contractId, t.number),
    check('contract_versions_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const CONTRACT_EVENT_KINDS = [
  'created',
  'edited',
  'template_loaded',
  'reset',
  'signed',
  'edit_requested',
  'edit_approved',
  'edit_denied',
  'caps_lowered',
] as const;

/**
 * The contract's history, append-only (trigger): each entry's hash is sha256(previous hash + the entry's
 * canonical content), so that a changed or missing entry breaks the chain (decision 022).
 */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… within the contract. */
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: CONTRACT_EVENT_KINDS }).notNull(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role', { enum: ['dominant', 'submissive'] }),
    /** The version the entry concerns: the new text, or the text signed or asked to edit. */
    versionId: uuid('version_id')
      .notNull()
      .references(() => contractVersions.id, { onDelete: 'cascade' }),
    versionSha256: text('version_sha256').notNull(),
    /** A `caps_lowered` entry's caps now in force, hashed with the entry (decision 057). */
    caps: jsonb('caps').$type<Caps>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_events_seq_uq').on(t.contractId, t.seq),
    index('contract_events_version_idx').on(t.versionId),
    check(
      'contract_events_kind_check',
      sql`${t.kind} in ('created', 'edited', 'template_loaded', 'reset', 'signed', 'edit_requested', 'edit_approved', 'edit_denied', 'caps_lowered')`,
    ),
    check('contract_events_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);
