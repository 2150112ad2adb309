// What the infractions' screens show and their limits, without zod (decision 059): the schema re-exports
// the API's part of it. Infractions: decisions 065 and 066.

export const INFRACTION_NOTE_MAX = 1000;
/** How far in the future "when" may be: the form's clock and the server's may differ a little. */
export const INFRACTION_FUTURE_GRACE_MS = 60_000;

export const INFRACTION_STATES = ['logged', 'contested', 'withdrawn'] as const;
export type InfractionState = (typeof INFRACTION_STATES)[number];

/** The API's messages and the toasts of its writes. */
export const INFRACTIONS_TEXT = {
  ruleRequired: 'Please choose the rule',
  whenRequired: 'Please say when it happened',
  inTheFuture: 'An infraction cannot be in the future',
  beforeTheRule: 'The rule was not written yet at that time',
  noteTooLong: `The note must be at most ${INFRACTION_NOTE_MAX} characters`,
  noteText: 'The note must be text',
  partnerRequired: 'Please choose the partner',
  notFound: 'Infraction not found',
  onlyDominantLogs: 'Only the dominant partner logs infractions',
  onlySubmissiveContests: 'Only the submissive partner contests an infraction',
  withdrawn: 'This infraction was withdrawn',
  alreadyContested: 'This infraction is already contested',
  alreadyPunished: 'A punishment was already assigned for this infraction',
  // Toasts
  logged: 'Infraction logged',
  contested: 'Infraction contested',
  withdrawnToast: 'Infraction withdrawn',
} as const;

/** What each state is called on a card. */
export const INFRACTION_STATE_LABELS: Record<InfractionState, string> = {
  logged: 'Logged',
  contested: 'Contested',
  withdrawn: 'Withdrawn',
};

/** The Infractions tab of /structure and its dialogs (decision 066). */
export const INFRACTIONS_PAGE_TEXT = {
  tab: 'Infractions',
  heading: 'Infractions',
  /** Said once above the list, for both partners: an infraction is a note, not a sentence. */
  nothingFollows:
    'An infraction is a note that a rule was not kept. Nothing follows from it by itself: any consequence is a separate choice.',
  empty: 'No infractions logged.',
  fetchFailed: 'Failed to load the infractions',
  logInfraction: 'Log infraction',
  logTitle: 'Log an infraction',
  noRulesToLog: 'There is no rule in force to log an infraction against.',
  rule: 'Rule',
  chooseRule: 'Choose a rule',
  when: 'When it happened',
  note: 'Note (optional)',
  log: 'Log it',
  logFailed: 'Failed to log the infraction',
  contest: 'Contest',
  contestTitle: 'Contest this infraction',
  contestNote: 'What happened (optional)',
  contestHint: 'You can contest an infraction once. Your partner is told.',
  sendContest: 'Contest it',
  contestFailed: 'Failed to contest the infraction',
  withdraw: 'Withdraw',
  withdrawTitle: 'Withdraw this infraction?',
  withdrawFailed: 'Failed to withdraw the infraction',
  assign: 'Assign punishment',
  punishmentLink: 'See the punishment',
  loggedNote: 'Note',
  contestedNote: 'Contested',
  saving: 'Saving…',
} as const;

/** "Rule title v2": the rule's title and version when it happened. */
export const infractionRuleLabel = (i: { ruleTitle: string; ruleVersion: number }) =>
  `${i.ruleTitle} v${i.ruleVersion}`;

/**
 * What a punishment's card says of the infraction it answers (decision 066): "For: Title, Nov 26, 6:07 PM",
 * and "(withdrawn)" once the dominant has withdrawn it: the punishment no longer has an infraction to answer.
 */
export const punishmentForText = (ruleTitle: string, when: string, withdrawn = false) =>
  `For: ${ruleTitle}, ${when}${withdrawn ? ' (withdrawn)' : ''}`;
