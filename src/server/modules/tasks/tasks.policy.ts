import type { Actor } from '../../auth/session';
import { AppError } from '../../http/errors';
import type { PairRow } from '../pairs/pairs';

/** The dominant of this pair, acting as dominant in this session. */
export const actsAsDominantOf = (actor: Actor, pair: PairRow) =>
  pair.dominantId === actor.id && actor.actingRole === 'dominant';

/** The submissive of this pair, acting as submissive in this session. */
export const actsAsSubmissiveOf = (actor: Actor, pair: PairRow) =>
  pair.submissiveId === actor.id && actor.actingRole === 'submissive';

export function requireDominant(actor: Actor, pair: PairRow, action: string) {
  if (!actsAsDominantOf(actor, pair)) throw new AppError(403, 'FORBIDDEN', `Only the dominant can ${action}`);
}

export function requireSubmissive(actor: Actor, pair: PairRow, action: string) {
  if (!actsAsSubmissiveOf(actor, pair))
    throw new AppError(403, 'FORBIDDEN', `Only the submissive can ${action}`);
}
