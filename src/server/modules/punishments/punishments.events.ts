import type { Emit } from '../../realtime/publisher';
import type { PairRow } from '../pairs/pairs.scope';

/** Both members of the pair hear that a punishment changed (spec 2 §4: punishments reload on any change). */
export function announcePunishment(emit: Emit, pair: PairRow, punishmentId: string) {
  emit([pair.dominantId, pair.submissiveId], 'punishment.changed', { punishmentId, pairId: pair.id });
}
