import type { SessionRole } from '@/shared/domain/roles';
import { type Actor, requireActingRole } from '../../auth/session';
import { forbidden } from '../../http/errors';
import type { PairRow } from './pairs.scope';

/** The dominant of this pair, acting as dominant in this session. */
export const actsAsDominantOf = (actor: Actor, pair: PairRow) =>
  pair.dominantId === actor.id && actor.actingRole === 'dominant';

/** The submissive of this pair, acting as submissive in this session. */
export const actsAsSubmissiveOf = (actor: Actor, pair: PairRow) =>
  pair.submissiveId === actor.id && actor.actingRole === 'submissive';

export function requireDominant(actor: Actor, pair: PairRow, action: string) {
  if (!actsAsDominantOf(actor, pair)) throw forbidden(`Only the dominant can ${action}`);
}

export function requireSubmissive(actor: Actor, pair: PairRow, action: string) {
  if (!actsAsSubmissiveOf(actor, pair)) throw forbidden(`Only the submissive can ${action}`);
}

/**
 * The session acts in `role` (a Switch must have chosen it); for actions that start a new row, before
 * any pair is known, e.g. "Only the dominant can assign tasks".
 */
export function requireSessionRole(actor: Actor, role: SessionRole, refusal: string) {
  if (requireActingRole(actor) !== role) throw forbidden(refusal);
}
