/** Every query key of the app, defined once. */
export const queryKeys = {
  me: ['me'] as const,
  recoveryCheck: (token: string) => ['recovery-check', token] as const,
  userSearch: (email: string) => ['user-search', email] as const,
  partnerRequests: ['partner-requests'] as const,
  partnerRequest: (id: string) => ['partner-requests', id] as const,
  notifications: ['notifications'] as const,
  /** The notification centre (decision 083): every kind's pages live under this key. */
  allNotificationPages: ['notification-centre'] as const,
  notificationPages: (kind: string) => ['notification-centre', kind] as const,
  tasks: ['tasks'] as const,
  taskHistory: ['task-history'] as const,
  punishments: ['punishments'] as const,
  journal: (partnerId: string) => ['journal', partnerId] as const,
  /** Every conversation's pages: a proof removed refreshes them (decision 076). */
  allJournal: ['journal'] as const,
  /** The user's default keep-time of the proofs they send (decision 076). */
  proofKeep: ['proof-keep'] as const,
  blockedUsers: ['blocked-users'] as const,
  security: ['security'] as const,
  sessions: ['sessions'] as const,
  /** The user's passkeys (decision 077). */
  passkeys: ['passkeys'] as const,
  /** End-to-end encryption (decision 100): the account's own key, each pair's keys, this device's key. */
  myKeys: ['keys', 'me'] as const,
  pairKeys: (pairId: string) => ['keys', 'pair', pairId] as const,
  deviceKeys: (userId: string) => ['keys', 'device', userId] as const,
  allKeys: ['keys'] as const,
  contracts: ['contract'] as const,
  contract: (partnerId: string) => ['contract', 'partner', partnerId] as const,
  contractHistory: (id: string) => ['contract', 'history', id] as const,
  contractVersion: (id: string, versionId: string) => ['contract', 'version', id, versionId] as const,
  /** This browser's notification permission and push subscription (not the server's). */
  pushDevice: ['push-device'] as const,
  pushPreferences: ['push-preferences'] as const,
  /** Which kinds arrive quietly, in the app or by push (decision 085). */
  notificationPreferences: ['notification-preferences'] as const,
  /** Red: the open stops of the user's pairs (decision 049). */
  stops: ['stops'] as const,
  /** This device's app lock (decision 078): whether a PIN is set, locked now, the idle time. */
  appLock: ['app-lock'] as const,
  /** Check-ins (decisions 049, 052): the open ones; their history and the cadence live under the same key. */
  checkins: ['checkins'] as const,
  checkinHistory: ['checkins', 'history'] as const,
  checkinCadence: ['checkins', 'cadence'] as const,
  /** Aftercare: the asks the user has yet to answer (decision 054). */
  aftercare: ['aftercare'] as const,
  /** The limits lists (decision 055): the user's own answers and the matches. */
  limits: ['limits'] as const,
  /** The first negotiation of each pair (decision 058). */
  negotiation: ['negotiation'] as const,
  /** The pair's record (decision 053): the pairs it is kept for, a pair's pages by filter. */
  recordPairs: ['record', 'pairs'] as const,
  record: (pairId: string, kind: string) => ['record', 'entries', pairId, kind] as const,
  /** Rules (decision 064): every rules query lives under this key, so one refresh reads them all. */
  allRules: ['rules'] as const,
  /** The rules in force between the user and one partner. */
  rules: (partnerId: string) => ['rules', 'partner', partnerId] as const,
  /** Every version of one rule, with when each was acknowledged. */
  ruleVersions: (ruleId: string) => ['rules', 'versions', ruleId] as const,
  /** Infractions (decisions 065, 066): every infractions query lives under this key. */
  allInfractions: ['infractions'] as const,
  /** The infractions of the pair with one partner, newest first. */
  infractions: (partnerId: string) => ['infractions', 'partner', partnerId] as const,
  /** How the weeks went (decision 071): every pair's chart lives under this key. */
  allWeeks: ['weeks'] as const,
  weeks: (partnerId: string) => ['weeks', partnerId] as const,
  /** Permission requests (decision 073): every pair's pages live under this key. */
  allPermissions: ['permissions'] as const,
  permissions: (partnerId: string) => ['permissions', partnerId] as const,
  /** Points and rewards (decisions 067, 068): the ledger, the catalogue and the redemptions, one refresh. */
  allPoints: ['points'] as const,
  /** The ledger of the pair with one partner (an infinite query, newest first, with the balance). */
  pointsLedger: (partnerId: string) => ['points', 'ledger', partnerId] as const,
  /** The catalogue of the pair with one partner, with the balance. */
  rewards: (partnerId: string) => ['points', 'rewards', partnerId] as const,
  /** The redemptions of the pair with one partner (an infinite query, newest first). */
  redemptions: (partnerId: string) => ['points', 'redemptions', partnerId] as const,
  /** Rituals (decision 074): every pair's list lives under this key. */
  allRituals: ['rituals'] as const,
  /** The rituals in use of the pair with one partner, with their streaks and this week's days. */
  rituals: (partnerId: string) => ['rituals', partnerId] as const,
  /** The calendar (decision 086): every pair's month grids live under this key. */
  allCalendar: ['calendar'] as const,
  /** The six weeks of one month's grid (`YYYY-MM`) of the pair with one partner. */
  calendar: (partnerId: string, month: string) => ['calendar', partnerId, month] as const,
};
