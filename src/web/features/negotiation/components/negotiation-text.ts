/** The words of the first negotiation (decision 058), in one place for the page, the card and the tests. */
export const NEGOTIATION_PAGE_TEXT = {
  title: 'Your first negotiation',
  intro:
    'Go through these steps together, at your own pace. "None yet" is a fine answer to any of them, and everything here can be changed later.',
  noPartner: 'Connect with a partner to go through your first negotiation together.',
  start: 'Start here: your first negotiation',
  startDominant: (name: string) =>
    `Before you can assign ${name} anything, go through your first negotiation together: limits, safewords, check-ins, aftercare and caps. ${name} confirms it.`,
  startSubmissive: (name: string) =>
    `Go through your first negotiation with ${name}: limits, safewords, check-ins, aftercare and caps. Nothing can be assigned to you until you confirm it.`,
  open: 'Open the negotiation',
  asRole: (role: 'dominant' | 'submissive', name: string) =>
    role === 'submissive' ? `With ${name}, as their submissive` : `With ${name}, as their dominant`,
  confirmTitle: 'Confirm',
  confirmIntro: (name: string) =>
    `When you have been through this together, confirm it. Until you do, ${name} cannot assign you anything. You can withdraw your confirmation at any time.`,
  confirm: 'Confirm our first negotiation',
  confirmedMe: (when: string) =>
    `You confirmed this on ${when}. You can withdraw it at any time: new assignments then wait until you confirm again, and nothing already assigned changes.`,
  withdraw: 'Withdraw my confirmation',
  waitingFor: (name: string) =>
    `${name} confirms this when you have both been through it. Until then you cannot assign them anything.`,
  confirmedBy: (name: string, when: string) => `${name} confirmed this on ${when}.`,
  confirmed: 'First negotiation confirmed',
  withdrawn: 'Confirmation withdrawn',
  failed: "Couldn't save. Try again.",
} as const;

export const SAFEWORDS_TEXT = {
  red: 'Red stops everything, at once, for both of you.',
  redMore:
    'Either of you presses Red at the top of every page. Nothing new can be asked until the one who called it lifts it; timers pause, and time stopped never counts. Calling Red costs nothing and is never questioned.',
  yellow: 'Yellow asks for a check-in.',
  yellowMore:
    'Either of you presses Yellow beside Red. The other is asked how they are, and nothing new can be asked until they answer.',
  always: 'Both work at any time, in any session, whatever your contract says.',
} as const;

export const AFTERCARE_WISHES_TEXT = {
  label: 'Your aftercare wishes',
  hint: 'What you need after a scene or a punishment. Only the two of you read this.',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Aftercare wishes saved',
  partner: (name: string) => `${name}'s wishes`,
  partnerNone: (name: string) => `${name} has not written any yet.`,
} as const;
