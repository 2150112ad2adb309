// What the permission requests' screens show and their limits, without zod (decision 059): the schema
// re-exports them. Permission requests: decision 069.

export const PERMISSION_WHAT_MAX = 200;
export const PERMISSION_NOTE_MAX = 1000;
/** How many requests a page holds, newest first. */
export const PERMISSION_PAGE = 50;

export const PERMISSION_STATUSES = ['pending', 'granted', 'denied', 'withdrawn'] as const;
export type PermissionStatus = (typeof PERMISSION_STATUSES)[number];

/** The API's messages and the toasts of its writes. */
export const PERMISSIONS_TEXT = {
  partnerRequired: 'Please choose the partner',
  whatRequired: 'Please say what you ask permission for',
  whatTooLong: `What you ask must be at most ${PERMISSION_WHAT_MAX} characters`,
  whenInvalid: 'Please choose a valid date and time, or leave it empty',
  noteText: 'The note must be text',
  noteTooLong: `The note must be at most ${PERMISSION_NOTE_MAX} characters`,
  cursorInvalid: 'The page to continue from is not valid',
  onlySubmissiveAsks: 'Only the submissive partner asks for permission',
  onlySubmissiveWithdraws: 'Only the submissive partner withdraws their request',
  onlyDominantDecides: 'Only the dominant partner grants or denies a request',
  notFound: 'Request not found',
  alreadyDecided: 'This request was already granted, denied or withdrawn',
  notPending: 'Only a pending request can be withdrawn',
  protectedArea: (label: string) => `The contract protects ${label}: no request may concern it.`,
  // Toasts
  asked: 'Request sent',
  granted: 'Permission granted',
  denied: 'Permission denied',
  withdrawn: 'Request withdrawn',
} as const;

/** What each status of a request is called. */
export const PERMISSION_STATUS_LABELS: Record<PermissionStatus, string> = {
  pending: 'Waiting',
  granted: 'Granted',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
};

/** What the Permissions tab of /structure says (decision 073). */
export const PERMISSIONS_PAGE_TEXT = {
  tab: 'Permissions',
  heading: 'Permission requests',
  intro:
    'Ask before, not after: a request is answered once, with a note if wanted. Both of you see them all.',
  ask: 'Ask permission',
  askTitle: 'Ask permission',
  what: 'What you ask for',
  when: 'When (optional)',
  note: 'Note (optional)',
  send: 'Send request',
  sending: 'Sending…',
  empty: 'No requests yet.',
  fetchFailed: "Couldn't load the requests",
  askFailed: "Couldn't send the request",
  grant: 'Grant',
  deny: 'Deny',
  grantTitle: 'Grant this request?',
  denyTitle: 'Deny this request?',
  decisionNote: 'Note (optional)',
  decideFailed: "Couldn't answer the request",
  withdraw: 'Withdraw',
  withdrawTitle: 'Withdraw this request?',
  withdrawFailed: "Couldn't withdraw the request",
  older: 'Show older',
  saving: 'Saving…',
} as const;
