/** The notifications of rituals (decision 074). */
import { RITUAL_MARK_LABELS } from '../texts/rituals';
import { content, preview } from './notification-content';
import type { RitualMark } from './rituals';

/** What a ritual's notification names: who acted, the ritual's name, and the ids. */
interface RitualFacts {
  by: string;
  name: string;
  ritualId: string;
  pairId: string;
  /** The other partner of the pair, whose rituals the link opens (`?partner=`). */
  partnerId: string;
}

const ids = (a: RitualFacts) => ({ ritualId: a.ritualId, pairId: a.pairId, partnerId: a.partnerId });

export const ritualsNotify = {
  /** The dominant set a ritual or changed one: the submissive is told. */
  ritualSet: (a: RitualFacts & { edited: boolean }) =>
    content(
      'ritual_set',
      a.edited ? 'Ritual changed' : 'New ritual',
      a.edited
        ? `${a.by} changed the ritual "${preview(a.name)}"`
        : `${a.by} set a ritual: "${preview(a.name)}"`,
      ids(a),
    ),
  /** The dominant retired a ritual: it asks nothing more. */
  ritualRetired: (a: RitualFacts) =>
    content('ritual_retired', 'Ritual retired', `${a.by} retired the ritual "${preview(a.name)}"`, ids(a)),
  /**
   * The submissive marked a day: the dominant is told which mark, never the note. Its push is discreet
   * unless details are on, as every other.
   */
  ritualMarked: (a: RitualFacts & { date: string; mark: RitualMark }) =>
    content(
      'ritual_marked',
      'Ritual marked',
      `${a.by} marked "${preview(a.name)}" for ${a.date}: ${RITUAL_MARK_LABELS[a.mark]}`,
      { ...ids(a), date: a.date },
    ),
} as const;
