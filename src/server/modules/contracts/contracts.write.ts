import { eq, max } from 'drizzle-orm';
import {
  CAP_MESSAGES,
  type Caps,
  NO_CAPS,
  normalizeCaps,
  raisedCaps,
  sameCaps,
  tighterCaps,
} from '@/shared/domain/caps';
import {
  type ContractRole,
  contractAbilities,
  DEFAULT_CONTRACT_TEMPLATE,
  sanitizeContractText,
} from '@/shared/domain/contracts';
import { type ContractChange, notify } from '@/shared/domain/notifications';
import { CONTRACT_MESSAGES } from '@/shared/schemas/contracts';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { contracts, contractVersions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, invalid } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { lockInActorPairs, type PairRow } from '../pairs/pairs.scope';
import { assertNotStopped } from '../pairs/pairs.stops';
import { appendContractEvent, versionSha256 } from './contracts.chain';
import { loadContract, roleIn } from './contracts.queries';

type ContractRow = typeof contracts.$inferSelect;

const stateOf = (c: ContractRow) => ({
  isDominantSigned: c.dominantSignedVersionId !== null,
  isSubmissiveSigned: c.submissiveSignedVersionId !== null,
  editRequestStatus: c.editRequestStatus,
  editRequestedBy: c.editRequestedBy,
});

interface Step {
  tx: Tx;
  emit: Emit;
  now: Date;
  row: ContractRow;
  pair: PairRow;
  role: ContractRole;
}

/**
 * One write on a contract: found in the actor's active pairs and locked (else 404), the session's side of
 * the pair known (else 403), then `change`; the history entry, the partner's notification and the event
 * follow, and the contract is answered as it now stands.
 */
async function onContract(
  deps: AppDeps,
  actor: Actor,
  id: string,
  change: (s: Step) => Promise<{ kind: ContractChange; versionId: string; caps?: Caps }>,
) {
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const { row, pair } = await lockInActorPairs(tx, contracts, id, actor, CONTRACT_MESSAGES.notFound);
    const role = roleIn(actor, pair);
    if (!role) throw forbidden(CONTRACT_MESSAGES.wrongRole);
    const { kind, versionId, caps } = await change({ tx, emit, now, row, pair, role });
    const [version] = await tx
      .select({ sha256: contractVersions.sha256 })
      .from(contractVersions)
      .where(eq(contractVersions.id, versionId));
    await appendContractEvent(
      tx,
      {
        contractId: row.id,
        kind,
        actorId: actor.id,
        actorRole: role,
        versionId,
        versionSha256: version!.sha256,
        createdAt: now,
        caps: caps ?? null,
      },
      row,
      row.pairId,
    );
    const partnerId = role === 'dominant' ? pair.submissiveId : pair.dominantId;
    await createNotification(
      tx,
      emit,
      partnerId,
      notify.contractUpdated({
        actorId: actor.id,
        actorName: actor.name,
        change: kind,
        contractId: row.id,
        pairId: pair.id,
      }),
    );
    emit([pair.dominantId, pair.submissiveId], 'contract.changed', { contractId: row.id, pairId: pair.id });
    return loadContract(tx, actor, row.id);
  });
}

type TextChange = 'edited' | 'template_loaded' | 'reset';

/**
 * New text (an edit, a loaded template or a reset): allowed while not fully signed or once an edit request
 * is approved (spec 2 §4), and only over the version the editor started from, so that of two partners
 * saving at once the second is told instead of overwriting. Clears both signatures and the edit request.
 * The text is sanitised here, after the contract is found in the actor's pairs and the role checked.
 */
export function replaceText(
  deps: AppDeps,
  actor: Actor,
  input: { id: string; baseVersionId: string; content?: string; caps?: Caps },
  kind: TextChange,
) {
  return onContract(deps, actor, input.id, async ({ tx, now, row, pair, role }) => {
    // Nothing is negotiated while Red holds the pair (decision 049).
    await assertNotStopped(tx, pair.id);
    if (!contractAbilities(stateOf(row), role).edit) throw conflict(CONTRACT_MESSAGES.editLocked);
    if (row.currentVersionId !== input.baseVersionId) throw conflict(CONTRACT_MESSAGES.stale);
    // Sanitised only now, for a partner of the pair: a stranger's text costs nothing (decision 038).
    const content = kind === 'reset' ? DEFAULT_CONTRACT_TEMPLATE : sanitizeContractText(input.content!);
    if (content.trim().length === 0) throw invalid(CONTRACT_MESSAGES.textRequired);
    const [last] = await tx
      .select({ n: max(contractVersions.number) })
      .from(contractVersions)
      .where(eq(contractVersions.contractId, row.id));
    // The caps written into the new version (decision 057): the editor's, else the current version's kept.
    const caps = input.caps ?? (await versionCaps(tx, row.currentVersionId!)).caps;
    const [version] = await tx
      .insert(contractVersions)
      .values({
        contractId: row.id,
        number: (last?.n ?? 0) + 1,
        content,
        caps,
        sha256: versionSha256(content, caps),
        editedBy: actor.id,
        createdAt: now,
      })
      .returning({ id: contractVersions.id });
    await tx
      .update(contracts)
      .set({
        currentVersionId: version!.id,
        dominantSignedVersionId: null,
        dominantSignedAt: null,
        submissiveSignedVersionId: null,
        submissiveSignedAt: null,
        signedAt: null,
        editRequestStatus: 'none',
        editRequestedBy: null,
        lastEditedBy: actor.id,
        updatedAt: now,
      })
      .where(eq(contracts.id, row.id));
    return { kind, versionId: version!.id };
  });
}

/** Signs as the session's side, on the version the signer read; the second signature sets signed_at. */
export function signContract(deps: AppDeps, actor: Actor, input: { id: string; versionId: string }) {
  return onContract(deps, actor, input.id, async ({ tx, now, row, pair, role }) => {
    // A signature given while Red holds the pair would not be a free one (decision 049).
    await assertNotStopped(tx, pair.id);
    if (row.currentVersionId !== input.versionId) throw conflict(CONTRACT_MESSAGES.stale);
    const state = stateOf(row);
    if (!contractAbilities(state, role).sign) throw conflict(CONTRACT_MESSAGES.alreadySigned);
    const otherSigned = role === 'dominant' ? state.isSubmissiveSigned : state.isDominantSigned;
    await tx
      .update(contracts)
      .set({
        ...(role === 'dominant'
          ? { dominantSignedVersionId: input.versionId, dominantSignedAt: now }
          : { submissiveSignedVersionId: input.versionId, submissiveSignedAt: now }),
        signedAt: otherSigned ? now : null,
        // Signed by both: its caps come into force (decision 057).
        ...(otherSigned ? { capsInForce: await capsSignedIntoForce(tx, row, input.versionId) } : {}),
        updatedAt: now,
      })
      .where(eq(contracts.id, row.id));
    return { kind: 'signed', versionId: input.versionId };
  });
}

/** Asks to edit a fully signed contract: none -> pending, once. */
export function requestEdit(deps: AppDeps, actor: Actor, input: { id: string }) {
  return onContract(deps, actor, input.id, async ({ tx, now, row, pair, role }) => {
    await assertNotStopped(tx, pair.id);
    const state = stateOf(row);
    if (!(state.isDominantSigned && state.isSubmissiveSigned))
      throw conflict(CONTRACT_MESSAGES.notFullySigned);
    if (state.editRequestStatus !== 'none') throw conflict(CONTRACT_MESSAGES.requestPending);
    await tx
      .update(contracts)
      .set({ editRequestStatus: 'pending', editRequestedBy: role, updatedAt: now })
      .where(eq(contracts.id, row.id));
    return { kind: 'edit_requested', versionId: row.currentVersionId! };
  });
}

/** The partner answers a pending request: approved (editing opens) or denied (back to none). */
export function reviewEdit(deps: AppDeps, actor: Actor, input: { id: string }, approve: boolean) {
  return onContract(deps, actor, input.id, async ({ tx, now, row, pair, role }) => {
    // Saying no always works; saying yes to an edit waits until Red is lifted (decision 049).
    if (approve) await assertNotStopped(tx, pair.id);
    if (row.editRequestStatus !== 'pending') throw conflict(CONTRACT_MESSAGES.noPendingRequest);
    if (row.editRequestedBy === role) throw forbidden(CONTRACT_MESSAGES.ownRequest);
    await tx
      .update(contracts)
      .set(
        approve
          ? { editRequestStatus: 'approved', updatedAt: now }
          : { editRequestStatus: 'none', editRequestedBy: null, updatedAt: now },
      )
      .where(eq(contracts.id, row.id));
    return { kind: approve ? 'edit_approved' : 'edit_denied', versionId: row.currentVersionId! };
  });
}

async function versionCaps(tx: Tx, versionId: string) {
  const [v] = await tx
    .select({ caps: contractVersions.caps, createdAt: contractVersions.createdAt })
    .from(contractVersions)
    .where(eq(contractVersions.id, versionId));
  return { caps: v?.caps ?? null, createdAt: v?.createdAt ?? new Date(0) };
}

/**
 * What a version both signed brings into force (decision 057): its caps; but a version written before the
 * submissive's last lowering never undoes it (written at the same instant counts as before), so each cap is then the tighter of the two. Null when
 * nothing is capped.
 */
async function capsSignedIntoForce(tx: Tx, row: ContractRow, versionId: string): Promise<Caps | null> {
  const version = await versionCaps(tx, versionId);
  const signed = normalizeCaps(version.caps);
  const caps =
    row.capsLoweredAt && version.createdAt.getTime() <= row.capsLoweredAt.getTime()
      ? tighterCaps(signed, normalizeCaps(row.capsInForce))
      : signed;
  return sameCaps(caps, NO_CAPS) ? null : caps;
}

/**
 * "Lower now" (decision 057): the submissive lowers caps in force at once, with no signature: every cap at
 * or below what is in force, at least one lower (a protected area added counts). Recorded in the contract's
 * history with the caps now in force, and so in the pair's record. The dominant cannot: their change is a
 * new version both sign. Allowed while Red or Yellow holds the pair: it only ever asks less.
 */
export function lowerCaps(deps: AppDeps, actor: Actor, input: { id: string; caps: Caps }) {
  return onContract(deps, actor, input.id, async ({ tx, now, row, role }) => {
    if (role !== 'submissive') throw forbidden(CAP_MESSAGES.submissiveOnly);
    const current = normalizeCaps(row.capsInForce);
    const next = normalizeCaps(input.caps);
    if (raisedCaps(next, current).length > 0) throw conflict(CAP_MESSAGES.notLowering);
    if (sameCaps(next, current)) throw conflict(CAP_MESSAGES.unchanged);
    await tx
      .update(contracts)
      .set({ capsInForce: next, capsLoweredAt: now, updatedAt: now })
      .where(eq(contracts.id, row.id));
    return { kind: 'caps_lowered', versionId: row.currentVersionId!, caps: next };
  });
}
