import { eq } from 'drizzle-orm';
import { DEFAULT_CONTRACT_TEMPLATE } from '@/shared/domain/contracts';
import type { Actor } from '../../auth/session';
import { sha256Hex } from '../../db/chain';
import { contracts, contractVersions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { pairWithPartner } from '../pairs/pairs.service';
import { appendContractEvent, EMPTY_CHAIN } from './contracts.chain';
import { loadContract, noPartner, roleIn } from './contracts.queries';

/**
 * POST /api/contracts: the contract shared with a partner, created with the default template on the first
 * visit (spec 2 §4). `created` tells the web which toast to show ("Contract created" / "Contract found").
 * Two partners opening it at once both get the one contract: the pair's unique index lets one insert win.
 */
export async function openContract(deps: AppDeps, actor: Actor, input: { partnerId: string }) {
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await pairWithPartner(tx, actor, input.partnerId, now);
    if (!pair) throw noPartner();
    const [inserted] = await tx
      .insert(contracts)
      .values({ pairId: pair.id, lastEditedBy: actor.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: contracts.pairId })
      .returning({ id: contracts.id });
    if (!inserted) {
      const [found] = await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(eq(contracts.pairId, pair.id));
      return { contract: await loadContract(tx, actor, found!.id), created: false };
    }
    const sha256 = sha256Hex(DEFAULT_CONTRACT_TEMPLATE);
    const [version] = await tx
      .insert(contractVersions)
      .values({
        contractId: inserted.id,
        number: 1,
        content: DEFAULT_CONTRACT_TEMPLATE,
        sha256,
        editedBy: actor.id,
        createdAt: now,
      })
      .returning({ id: contractVersions.id });
    await tx.update(contracts).set({ currentVersionId: version!.id }).where(eq(contracts.id, inserted.id));
    await appendContractEvent(
      tx,
      {
        contractId: inserted.id,
        kind: 'created',
        actorId: actor.id,
        actorRole: roleIn(actor, pair),
        versionId: version!.id,
        versionSha256: sha256,
        createdAt: now,
      },
      EMPTY_CHAIN,
      pair.id,
    );
    emit([pair.dominantId, pair.submissiveId], 'contract.changed', {
      contractId: inserted.id,
      pairId: pair.id,
    });
    return { contract: await loadContract(tx, actor, inserted.id), created: true };
  });
}
