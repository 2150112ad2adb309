import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { normalizeCaps } from '@/shared/domain/caps';
import type { ContractRole } from '@/shared/domain/contracts';
import {
  CONTRACT_MESSAGES,
  type ContractHistoryView,
  type ContractVersionView,
  type ContractView,
} from '@/shared/schemas/contracts';
import type { Actor } from '../../auth/session';
import type { Db, Queryable } from '../../db/client';
import { bound, prepared } from '../../db/prepared';
import { contractEvents, contracts, contractVersions, pairs, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { actsAsDominantOf, actsAsSubmissiveOf } from '../pairs/pairs.policy';
import { activePairIdBetween, inActorPairs, type PairRow } from '../pairs/pairs.scope';
import { areConnected } from '../pairs/pairs.service';
import { headStillHolds, verdictOf, verifyAndStore } from './contracts.chain';

export const contractNotFound = () => notFound(CONTRACT_MESSAGES.notFound);
export const noPartner = () => notFound(CONTRACT_MESSAGES.noPartner);

/** The side of the pair the session acts on: its acting role, when the pair has the actor there. */
export function roleIn(actor: Actor, pair: PairRow): ContractRole | null {
  if (actsAsDominantOf(actor, pair)) return 'dominant';
  if (actsAsSubmissiveOf(actor, pair)) return 'submissive';
  return null;
}

const dom = alias(users, 'dom');
const sub = alias(users, 'sub');

/**
 * The contract's own columns a view shows: not the chain's stored verdict (decision 047), which only the
 * history reads; five columns fewer to read and decode on every view (decision 045).
 */
const {
  chainEntries: _entries,
  chainHeadHash: _headHash,
  chainBrokenAt: _brokenAt,
  chainReason: _reason,
  chainVerifiedAt: _verifiedAt,
  ...viewedColumns
} = getTableColumns(contracts);

const contractQuery = (q: Queryable) =>
  q
    .select({
      contract: viewedColumns,
      version: {
        number: contractVersions.number,
        content: contractVersions.content,
        caps: contractVersions.caps,
        sha256: contractVersions.sha256,
      },
      pair: { id: pairs.id, dominantId: pairs.dominantId, submissiveId: pairs.submissiveId },
      dominantName: dom.displayName,
      submissiveName: sub.displayName,
    })
    .from(contracts)
    .innerJoin(contractVersions, eq(contractVersions.id, contracts.currentVersionId))
    .innerJoin(pairs, eq(pairs.id, contracts.pairId))
    .innerJoin(dom, eq(dom.id, pairs.dominantId))
    .innerJoin(sub, eq(sub.id, pairs.submissiveId));

type ContractRow = Awaited<ReturnType<ReturnType<typeof contractQuery>['execute']>>[number];

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function presentContract(r: ContractRow, actor: Actor): ContractView {
  const c = r.contract;
  return {
    id: c.id,
    pairId: c.pairId,
    content: r.version.content,
    versionId: c.currentVersionId!,
    versionNumber: r.version.number,
    sha256: r.version.sha256,
    isDominantSigned: c.dominantSignedVersionId === c.currentVersionId && c.dominantSignedVersionId !== null,
    isSubmissiveSigned:
      c.submissiveSignedVersionId === c.currentVersionId && c.submissiveSignedVersionId !== null,
    dominantSignedAt: ms(c.dominantSignedAt),
    submissiveSignedAt: ms(c.submissiveSignedAt),
    signedAt: ms(c.signedAt),
    editRequestStatus: c.editRequestStatus,
    editRequestedBy: c.editRequestedBy,
    lastEditedBy: c.lastEditedBy,
    updatedAt: c.updatedAt.getTime(),
    createdAt: c.createdAt.getTime(),
    dominant: { id: r.pair.dominantId, name: r.dominantName, role: 'dominant' },
    submissive: { id: r.pair.submissiveId, name: r.submissiveName, role: 'submissive' },
    myRole: roleIn(actor, r.pair),
    caps: { version: normalizeCaps(r.version.caps), inForce: normalizeCaps(c.capsInForce) },
  };
}

/** One contract as the actor sees it (after a write, in its transaction). */
export async function loadContract(q: Queryable, actor: Actor, id: string): Promise<ContractView> {
  const [row] = await contractQuery(q)
    .where(and(eq(contracts.id, id), inActorPairs(contracts.pairId, actor)))
    .limit(1);
  if (!row) throw contractNotFound();
  return presentContract(row, actor);
}

// The page's and the dashboard card's read: one statement, planned once, by the unique pair_id index.
const byPartner = prepared((db: Db) =>
  contractQuery(db)
    .where(eq(contracts.pairId, activePairIdBetween(bound('userId'), bound('partnerId'))))
    .limit(1)
    .prepare('contract_by_partner'),
);

/** GET /api/contracts?partnerId=: the contract shared with this partner, or null when none exists yet. */
export async function getContract(deps: AppDeps, actor: Actor, input: { partnerId: string }) {
  const [row] = await byPartner(deps.db).execute({ userId: actor.id, partnerId: input.partnerId });
  if (row) return presentContract(row, actor);
  // None yet between connected partners (an active pair implies a connection); anyone else is not a partner.
  if (actor.id !== input.partnerId && (await areConnected(deps.db, actor.id, input.partnerId))) return null;
  throw noPartner();
}

/** The contract's id, head and stored verdict when it belongs to one of the actor's active pairs; else 404. */
async function scopedContract(q: Queryable, actor: Actor, id: string) {
  const [row] = await q
    .select({
      id: contracts.id,
      head: {
        current: contracts.currentVersionId,
        dominant: contracts.dominantSignedVersionId,
        submissive: contracts.submissiveSignedVersionId,
      },
      stored: {
        chainEntries: contracts.chainEntries,
        chainHeadHash: contracts.chainHeadHash,
        chainBrokenAt: contracts.chainBrokenAt,
        chainReason: contracts.chainReason,
      },
    })
    .from(contracts)
    .where(and(eq(contracts.id, id), inActorPairs(contracts.pairId, actor)))
    .limit(1);
  if (!row) throw contractNotFound();
  return row;
}

/**
 * The history (oldest first), the versions (without their text) and the chain's verdict: the one stored
 * when the last entry was written, while the rows read still hold it (headStillHolds: no hashing but the
 * last entry's); else the history is verified whole and that verdict stored (decision 047).
 */
export async function getContractHistory(
  deps: AppDeps,
  actor: Actor,
  input: { id: string },
): Promise<ContractHistoryView> {
  const { id, head, stored } = await scopedContract(deps.db, actor, input.id);
  const [events, versions] = await Promise.all([
    deps.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, id))
      .orderBy(asc(contractEvents.seq)),
    deps.db
      .select({
        id: contractVersions.id,
        number: contractVersions.number,
        sha256: contractVersions.sha256,
        editedBy: contractVersions.editedBy,
        createdAt: contractVersions.createdAt,
      })
      .from(contractVersions)
      .where(eq(contractVersions.contractId, id))
      .orderBy(asc(contractVersions.number)),
  ]);
  const versionHashes = new Map(versions.map((v) => [v.id, v.sha256]));
  const verified = headStillHolds(events, versionHashes, head, stored)
    ? verdictOf(stored)
    : await verifyAndStore(deps.db, id, deps.clock());
  return {
    events: events.map((e) => ({
      id: e.id,
      seq: e.seq,
      kind: e.kind,
      actorId: e.actorId,
      actorRole: e.actorRole,
      versionId: e.versionId,
      versionSha256: e.versionSha256,
      caps: e.caps ? normalizeCaps(e.caps) : null,
      hash: e.hash,
      createdAt: e.createdAt.getTime(),
    })),
    versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.getTime() })),
    verified,
  };
}

/** One version's text, for the diff between versions. */
export async function getContractVersion(
  deps: AppDeps,
  actor: Actor,
  input: { id: string; versionId: string },
): Promise<ContractVersionView> {
  const [v] = await deps.db
    .select()
    .from(contractVersions)
    .innerJoin(contracts, eq(contracts.id, contractVersions.contractId))
    .where(
      and(
        eq(contractVersions.id, input.versionId),
        eq(contracts.id, input.id),
        inActorPairs(contracts.pairId, actor),
      ),
    )
    .limit(1);
  if (!v) throw notFound(CONTRACT_MESSAGES.versionNotFound);
  const r = v.contract_versions;
  return {
    id: r.id,
    number: r.number,
    sha256: r.sha256,
    editedBy: r.editedBy,
    createdAt: r.createdAt.getTime(),
    content: r.content,
    caps: normalizeCaps(r.caps),
  };
}
