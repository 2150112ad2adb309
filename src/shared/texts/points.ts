// What the points and rewards screens show and their limits, without zod (decision 059): the schema
// re-exports them. Points and rewards: decision 067.

export const POINTS_REASON_MAX = 200;
/** One award: at least a point, at most this many. */
export const POINTS_AWARD_MAX = 10_000;
/** One correction, either way: at most this many points. */
export const POINTS_CORRECTION_MAX = 100_000;
export const REWARD_TITLE_MAX = 100;
export const REWARD_DESCRIPTION_MAX = 1000;
export const REWARD_PRICE_MAX = 100_000;
export const REDEMPTION_NOTE_MAX = 500;
/** The rewards a pair may offer at once: a catalogue both can read. */
export const REWARDS_OFFERED_MAX = 100;
/** How many ledger entries a page holds, newest first. */
export const POINTS_PAGE = 50;
/** How many redemptions a page of the requests holds, newest first. */
export const REDEMPTION_PAGE = 50;

export const POINTS_ENTRY_KINDS = ['award', 'redemption', 'refund', 'correction'] as const;
export type PointsEntryKind = (typeof POINTS_ENTRY_KINDS)[number];

export const REDEMPTION_STATES = ['requested', 'granted', 'denied'] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];

/** The API's messages and the toasts of its writes. */
export const POINTS_TEXT = {
  partnerRequired: 'Please choose the partner',
  amountRequired: `Points must be a whole number from 1 to ${POINTS_AWARD_MAX}`,
  correctionRequired: `A correction must be a whole number of points, not 0, at most ${POINTS_CORRECTION_MAX} either way`,
  reasonRequired: 'Please give a reason',
  reasonTooLong: `The reason must be at most ${POINTS_REASON_MAX} characters`,
  cursorInvalid: 'The page to continue from is not valid',
  onlyDominantAwards: 'Only the dominant partner awards or corrects points',
  belowZero: 'The balance cannot go below zero: this correction takes more points than there are',
  keyReused: 'This Idempotency-Key was already used for a different entry',
  // Rewards
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${REWARD_TITLE_MAX} characters`,
  descriptionText: 'The description must be text',
  descriptionTooLong: `The description must be at most ${REWARD_DESCRIPTION_MAX} characters`,
  priceRequired: `The price must be a whole number of points from 1 to ${REWARD_PRICE_MAX}`,
  rewardNotFound: 'Reward not found',
  rewardRetired: 'This reward is no longer offered',
  onlyDominantRewards: 'Only the dominant partner keeps the rewards',
  tooManyRewards: `A pair can offer at most ${REWARDS_OFFERED_MAX} rewards. Retire one first.`,
  // Redemptions
  onlySubmissiveRedeems: 'Only the submissive partner redeems rewards',
  onlyDominantDecides: 'Only the dominant partner grants or denies a reward',
  notEnoughPoints: 'Not enough points for this reward',
  redemptionNotFound: 'Redemption not found',
  alreadyDecided: 'This request was already granted or denied',
  noteText: 'The note must be text',
  noteTooLong: `The note must be at most ${REDEMPTION_NOTE_MAX} characters`,
  // Toasts
  awarded: 'Points awarded',
  corrected: 'Points corrected',
  rewardAdded: 'Reward added',
  rewardUpdated: 'Reward updated',
  rewardRetiredToast: 'Reward retired',
  rewardRestoredToast: 'Reward offered again',
  redeemed: 'Reward requested',
  granted: 'Reward granted',
  denied: 'Reward denied; the points were refunded',
} as const;

/** What each kind of ledger entry is called. */
export const POINTS_ENTRY_KIND_LABELS: Record<PointsEntryKind, string> = {
  award: 'Awarded',
  redemption: 'Redeemed',
  refund: 'Refunded',
  correction: 'Correction',
};

/** What each state of a redemption is called. */
export const REDEMPTION_STATE_LABELS: Record<RedemptionState, string> = {
  requested: 'Requested',
  granted: 'Granted',
  denied: 'Denied',
};

/** The Rewards tab of /structure and its dialogs (decision 068). No score of a person: a balance to spend. */
export const REWARDS_PAGE_TEXT = {
  tab: 'Rewards',
  heading: 'Rewards',
  balance: 'Balance',
  points: 'points',
  balanceHint: 'Points to spend on rewards. Nothing takes them away by itself.',
  fetchFailed: 'Failed to load the rewards',
  award: 'Award points',
  awardTitle: 'Award points',
  correct: 'Correction',
  correctTitle: 'Correct the balance',
  correctHint:
    'A new entry either way: a negative number takes points away. The balance never goes below zero.',
  amount: 'Points',
  signedAmount: 'Points (+ or −)',
  reason: 'Reason',
  saving: 'Saving…',
  awardFailed: 'Failed to award the points',
  correctFailed: 'Failed to correct the balance',
  catalogue: 'Catalogue',
  catalogueEmpty: 'No rewards offered yet.',
  addReward: 'Add reward',
  addRewardTitle: 'New reward',
  editReward: 'Edit',
  editRewardTitle: 'Edit reward',
  saveReward: 'Save reward',
  title: 'Title',
  description: 'Description (optional)',
  price: 'Price in points',
  rewardFailed: 'Failed to save the reward',
  retire: 'Retire',
  retireTitle: 'Retire this reward?',
  retireFailed: 'Failed to retire the reward',
  restoreFailed: 'Failed to offer the reward again',
  redeem: 'Redeem',
  redeemTitle: 'Redeem this reward?',
  redeemNote: 'Note (optional)',
  redeemFailed: 'Failed to redeem the reward',
  redemptions: 'Requests',
  redemptionsEmpty: 'No rewards asked for yet.',
  grant: 'Grant',
  deny: 'Deny',
  grantTitle: 'Grant this reward',
  denyTitle: 'Deny this reward',
  decisionNote: 'Note (optional)',
  denyHint: 'The points are refunded. Your partner is told.',
  grantHint: 'Your partner is told.',
  decideFailed: 'Failed to answer the request',
  requestNote: 'Their note',
  decisionNoteLabel: 'Note',
  ledger: 'History',
  ledgerEmpty: 'No points yet.',
  showOlder: 'Show older',
  showOlderRequests: 'Show older requests',
  loadingOlder: 'Loading…',
  you: 'You',
} as const;

/** "+10" or "−5": an entry's amount, signed (a real minus sign). */
export const signedPoints = (n: number) => (n > 0 ? `+${n}` : `−${Math.abs(n)}`);

/** "1 point", "40 points". */
export const pointsLabel = (n: number) => `${n} ${Math.abs(n) === 1 ? 'point' : 'points'}`;

/** Why the submissive cannot redeem a reward yet: the points still missing. */
export const shortOfText = (price: number, balance: number) =>
  `You need ${pointsLabel(price - balance)} more for this reward.`;

/** What the Redeem confirmation says: the price, and the balance after it. */
export const redeemConfirmText = (title: string, price: number, balance: number) =>
  `"${title}" costs ${pointsLabel(price)}. Your balance goes from ${balance} to ${balance - price}. Your partner is told and grants or denies it; a denial refunds the points.`;
