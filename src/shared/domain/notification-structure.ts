/** The notifications of daily structure (decisions 064, 065): rules and infractions. */
import { content, preview } from './notification-content';

/** What an infraction's notification names: who acted, the rule's title then, and the ids. */
interface InfractionFacts {
  by: string;
  title: string;
  infractionId: string;
  ruleId: string;
  pairId: string;
  /** The other partner of the pair, whose structure the link opens (`?partner=`). */
  partnerId: string;
}

const infraction =
  (type: 'infraction_logged' | 'infraction_contested' | 'infraction_withdrawn', title: string, did: string) =>
  (a: InfractionFacts) =>
    content(type, title, `${a.by} ${did} "${preview(a.title)}"`, {
      infractionId: a.infractionId,
      ruleId: a.ruleId,
      pairId: a.pairId,
      partnerId: a.partnerId,
    });

export const structureNotify = {
  /** The dominant wrote a rule or a new version of one (decision 064): the submissive is asked to read it. */
  ruleWritten: (a: {
    dominantName: string;
    title: string;
    ruleId: string;
    pairId: string;
    partnerId: string;
    edited: boolean;
  }) =>
    content(
      'rule_written',
      a.edited ? 'Rule changed' : 'New rule',
      a.edited
        ? `${a.dominantName} changed the rule "${preview(a.title)}"`
        : `${a.dominantName} wrote a new rule: "${preview(a.title)}"`,
      { ruleId: a.ruleId, pairId: a.pairId, partnerId: a.partnerId },
    ),
  /** The submissive acknowledged the version in force (decision 064). */
  ruleAcknowledged: (a: {
    submissiveName: string;
    title: string;
    ruleId: string;
    pairId: string;
    partnerId: string;
  }) =>
    content(
      'rule_acknowledged',
      'Rule acknowledged',
      `${a.submissiveName} acknowledged "${preview(a.title)}"`,
      { ruleId: a.ruleId, pairId: a.pairId, partnerId: a.partnerId },
    ),
  /** The dominant logged an infraction of a rule (decision 065): the submissive may contest it. */
  infractionLogged: infraction('infraction_logged', 'Infraction logged', 'logged an infraction of'),
  /** The submissive contested it; the dominant is told. */
  infractionContested: infraction(
    'infraction_contested',
    'Infraction contested',
    'contested the infraction of',
  ),
  /** The dominant withdrew it; the submissive is told. */
  infractionWithdrawn: infraction(
    'infraction_withdrawn',
    'Infraction withdrawn',
    'withdrew the infraction of',
  ),
} as const;
