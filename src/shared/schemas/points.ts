import { z } from 'zod';
import {
  POINTS_AWARD_MAX,
  POINTS_CORRECTION_MAX,
  POINTS_REASON_MAX,
  POINTS_TEXT,
  type PointsEntryKind,
  REDEMPTION_NOTE_MAX,
  REWARD_DESCRIPTION_MAX,
  REWARD_PRICE_MAX,
  REWARD_TITLE_MAX,
  type RedemptionState,
} from '../texts/points';
import { uuidField } from './common';

export * from '../texts/points';

/**
 * Points and rewards (issue 24, decision 067): one append-only ledger per pair, whose sum is the balance
 * and never below zero; a catalogue of rewards the dominant keeps; redemptions the submissive asks for and
 * the dominant grants or denies (a denial refunds through a new entry).
 */

const trimmed = (max: number, tooLong: string, notText: string) =>
  z
    .string({ error: notText })
    .max(max * 4, tooLong)
    .transform((s) => s.trim())
    .refine((s) => s.length <= max, tooLong);

const reason = trimmed(POINTS_REASON_MAX, POINTS_TEXT.reasonTooLong, POINTS_TEXT.reasonRequired).refine(
  (s) => s.length > 0,
  POINTS_TEXT.reasonRequired,
);

const partnerId = uuidField(POINTS_TEXT.partnerRequired);

/** POST /api/points/award: points for the submissive of the pair with `partnerId` (the dominant only). */
export const awardPointsInput = z.strictObject({
  partnerId,
  amount: z
    .number({ error: POINTS_TEXT.amountRequired })
    .int(POINTS_TEXT.amountRequired)
    .min(1, POINTS_TEXT.amountRequired)
    .max(POINTS_AWARD_MAX, POINTS_TEXT.amountRequired),
  reason,
});
export type AwardPointsInput = z.input<typeof awardPointsInput>;

/** POST /api/points/correction: a new entry either way, never taking the balance below zero. */
export const correctPointsInput = z.strictObject({
  partnerId,
  amount: z
    .number({ error: POINTS_TEXT.correctionRequired })
    .int(POINTS_TEXT.correctionRequired)
    .min(-POINTS_CORRECTION_MAX, POINTS_TEXT.correctionRequired)
    .max(POINTS_CORRECTION_MAX, POINTS_TEXT.correctionRequired)
    .refine((n) => n !== 0, POINTS_TEXT.correctionRequired),
  reason,
});
export type CorrectPointsInput = z.input<typeof correctPointsInput>;

/** GET /api/points?partnerId=&before=: a page of the ledger, newest first, from before the entry `before`. */
export const pointsQuery = z.object({
  partnerId,
  before: uuidField(POINTS_TEXT.cursorInvalid).optional(),
});

/** GET /api/rewards?partnerId= */
export const rewardsQuery = z.object({ partnerId });

/** GET /api/redemptions?partnerId=&before=: a page of the requests, newest first, from before `before`. */
export const redemptionsQuery = z.object({
  partnerId,
  before: uuidField(POINTS_TEXT.cursorInvalid).optional(),
});

const price = z
  .number({ error: POINTS_TEXT.priceRequired })
  .int(POINTS_TEXT.priceRequired)
  .min(1, POINTS_TEXT.priceRequired)
  .max(REWARD_PRICE_MAX, POINTS_TEXT.priceRequired);

const rewardFields = {
  title: trimmed(REWARD_TITLE_MAX, POINTS_TEXT.titleTooLong, POINTS_TEXT.titleRequired).refine(
    (s) => s.length > 0,
    POINTS_TEXT.titleRequired,
  ),
  description: trimmed(
    REWARD_DESCRIPTION_MAX,
    POINTS_TEXT.descriptionTooLong,
    POINTS_TEXT.descriptionText,
  ).default(''),
  price,
};

/** POST /api/rewards: a reward in the pair's catalogue (the dominant only). */
export const createRewardInput = z.strictObject({ ...rewardFields, partnerId });
export type CreateRewardInput = z.input<typeof createRewardInput>;

/** PUT /api/rewards/:id: its title, description and price from now on; a redemption keeps its own. */
export const updateRewardInput = z.strictObject(rewardFields);
export type UpdateRewardInput = z.input<typeof updateRewardInput>;

const note = trimmed(REDEMPTION_NOTE_MAX, POINTS_TEXT.noteTooLong, POINTS_TEXT.noteText)
  .optional()
  .transform((s) => (s ? s : null));

/** POST /api/rewards/:id/redeem: the submissive's note, optional. */
export const redeemRewardInput = z.strictObject({ note });
export type RedeemRewardInput = z.input<typeof redeemRewardInput>;

/** POST /api/redemptions/:id/grant and /deny: the dominant's note, optional. */
export const decideRedemptionInput = z.strictObject({ note });
export type DecideRedemptionInput = z.input<typeof decideRedemptionInput>;

export interface PointsEntryView {
  id: string;
  pairId: string;
  /** Positive adds to the balance, negative takes from it. */
  amount: number;
  reason: string;
  kind: PointsEntryKind;
  madeBy: string;
  rewardRedemptionId: string | null;
  createdAt: number;
}

export interface PointsLedgerView {
  pairId: string;
  dominantId: string;
  submissiveId: string;
  /** The sum of every entry of the pair: never below zero. */
  balance: number;
  entries: PointsEntryView[];
  /** Pass as `before` for the next page; null when this page is the last. */
  nextBefore: string | null;
}

export interface PointsEntryAnswer {
  entry: PointsEntryView;
  balance: number;
}

export interface RewardView {
  id: string;
  pairId: string;
  title: string;
  description: string;
  price: number;
  createdAt: number;
  updatedAt: number;
}

export interface RewardListView {
  balance: number;
  rewards: RewardView[];
}
export interface RewardAnswer {
  reward: RewardView;
}

export interface RedemptionView {
  id: string;
  pairId: string;
  dominantId: string;
  submissiveId: string;
  rewardId: string;
  /** The reward's title and price when it was asked for: a later edit changes neither. */
  title: string;
  price: number;
  state: RedemptionState;
  requestNote: string | null;
  decisionNote: string | null;
  requestedAt: number;
  decidedAt: number | null;
}

export interface RedemptionListView {
  redemptions: RedemptionView[];
  /** Pass as `before` for the next page; null when this page is the last. */
  nextBefore: string | null;
}
export interface RedemptionAnswer {
  redemption: RedemptionView;
  balance: number;
}
