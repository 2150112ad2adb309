import { eq } from 'drizzle-orm';
import type { ProofKeepView } from '@/shared/schemas/media';
import { DEFAULT_PROOF_KEEP, type ProofKeep } from '@/shared/texts/media';
import type { Actor } from '../../auth/session';
import { proofPreferences } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** The keep-time the user's proof controls start at (decision 076): theirs, else until they delete it. */
export async function readProofKeep(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<ProofKeepView> {
  const [row] = await deps.db
    .select({ keep: proofPreferences.keep })
    .from(proofPreferences)
    .where(eq(proofPreferences.userId, actor.id))
    .limit(1);
  return { keep: row?.keep ?? DEFAULT_PROOF_KEEP };
}

/** Sets the default keep-time; the proofs already sent keep the time they were sent with. */
export async function writeProofKeep(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: { keep: ProofKeep },
): Promise<ProofKeepView> {
  const now = deps.clock();
  await deps.db
    .insert(proofPreferences)
    .values({ userId: actor.id, keep: input.keep, updatedAt: now })
    .onConflictDoUpdate({ target: proofPreferences.userId, set: { keep: input.keep, updatedAt: now } });
  return { keep: input.keep };
}
