/**
 * What a pair's end-to-end encryption asks of the content written to it (decision 101). Once both partners
 * have keys and the pair has a key, a text a user writes comes sealed; a sealed text names a key the pair
 * has. The server cannot tell what a sealed text says, only that it is one, and which key it names.
 */
import { eq, sql } from 'drizzle-orm';
import { isSealedText, SEALED_MESSAGES, sealedTextKeyId } from '@/shared/domain/sealed';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { bound, preparedInTransaction } from '../../db/prepared';
import { pairKeyWraps, pairs, userKeys } from '../../db/schema';
import { invalid, sealRequired } from '../../http/errors';
import { activePairIdBetween, type PairRow, pairColumns } from './pairs.scope';
import { pairWithPartner } from './pairs.service';

export interface PairSealing {
  /** Both partners have keys and the pair has at least one: plain text is refused. */
  required: boolean;
  keyIds: ReadonlySet<number>;
}

/** Whether both partners of the row's pair have keys, and the pair's key ids: columns of a pair read. */
const sealingColumns = {
  keyed: sql<number>`(select count(*)::int from ${userKeys} where ${userKeys.userId} in (${pairs.dominantId}, ${pairs.submissiveId}))`,
  keyIds: sql<
    number[] | null
  >`(select array_agg(distinct ${pairKeyWraps.keyId}) from ${pairKeyWraps} where ${pairKeyWraps.pairId} = ${pairs.id})`,
};

const sealingOf = (row: { keyed: number; keyIds: number[] | null } | undefined): PairSealing => {
  const keyIds = new Set((row?.keyIds ?? []).map(Number));
  return { required: row?.keyed === 2 && keyIds.size > 0, keyIds };
};

/** The actor's active pair with `partnerId`, held against its ending, with its sealing: one prepared statement. */
const heldPairWithSealing = preparedInTransaction((tx) =>
  tx
    .select({ ...pairColumns, ...sealingColumns })
    .from(pairs)
    .where(eq(pairs.id, activePairIdBetween(bound('userId'), bound('partnerId'))))
    .limit(1)
    .for('share')
    .prepare('pair_between_sealing'),
);

/**
 * The pair a text is written to with what its sealing asks (decision 101), held FOR SHARE until the write
 * commits: the active pair in one statement; two connected Switches who have none yet form it
 * (`pairWithPartner`), and a pair just formed has no keys. Null for anyone else.
 */
export async function pairForSealedWrite(
  tx: Tx,
  actor: Pick<Actor, 'id' | 'actingRole'>,
  partnerId: string,
  now: Date,
): Promise<{ pair: PairRow; sealing: PairSealing } | null> {
  const [found] = await heldPairWithSealing(tx, { userId: actor.id, partnerId });
  if (found) {
    const { keyed, keyIds, ...pair } = found;
    return { pair, sealing: sealingOf({ keyed, keyIds }) };
  }
  const formed = await pairWithPartner(tx, actor, partnerId, now, 'share');
  return formed ? { pair: formed, sealing: sealingOf(undefined) } : null;
}

/**
 * Checks the texts a user wrote against the pair's sealing: each sealed one names a key of the pair (400
 * otherwise), and when the pair requires it, none is plain (409 SEAL_REQUIRED). Empty texts pass.
 */
export function assertSealedAsRequired(sealing: PairSealing, texts: (string | null | undefined)[]) {
  for (const text of texts) {
    if (!text) continue;
    if (isSealedText(text)) {
      const keyId = sealedTextKeyId(text);
      if (keyId === null || !sealing.keyIds.has(keyId)) throw invalid(SEALED_MESSAGES.unknownKey);
    } else if (sealing.required) {
      throw sealRequired(SEALED_MESSAGES.required);
    }
  }
}
