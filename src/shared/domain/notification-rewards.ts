/** The notifications of points and rewards (decision 067). */
import { content, preview } from './notification-content';

/** What a redemption's notification names: who acted, the reward's title then, and the ids. */
interface RedemptionFacts {
  by: string;
  title: string;
  price: number;
  redemptionId: string;
  rewardId: string;
  pairId: string;
  /** The other partner of the pair, whose rewards the link opens (`?partner=`). */
  partnerId: string;
}

const ids = (a: RedemptionFacts) => ({
  redemptionId: a.redemptionId,
  rewardId: a.rewardId,
  pairId: a.pairId,
  partnerId: a.partnerId,
});

const points = (n: number) => `${n} ${Math.abs(n) === 1 ? 'point' : 'points'}`;

export const rewardsNotify = {
  /** The dominant awarded points, or corrected the balance either way: the submissive is told. */
  pointsAwarded: (a: {
    by: string;
    amount: number;
    reason: string;
    correction: boolean;
    entryId: string;
    pairId: string;
    partnerId: string;
  }) =>
    content(
      'points_awarded',
      a.correction ? 'Points corrected' : 'Points awarded',
      a.correction
        ? `${a.by} corrected your points by ${a.amount > 0 ? '+' : ''}${a.amount}: "${preview(a.reason)}"`
        : `${a.by} awarded you ${points(a.amount)}: "${preview(a.reason)}"`,
      { entryId: a.entryId, pairId: a.pairId, partnerId: a.partnerId },
    ),
  /** The submissive asked for a reward: the dominant grants or denies it. */
  rewardRedeemed: (a: RedemptionFacts) =>
    content(
      'reward_redeemed',
      'Reward requested',
      `${a.by} asked for "${preview(a.title)}" (${points(a.price)})`,
      ids(a),
    ),
  redemptionGranted: (a: RedemptionFacts) =>
    content('redemption_granted', 'Reward granted', `${a.by} granted "${preview(a.title)}"`, ids(a)),
  /** A denial refunds the price: the message says so. */
  redemptionDenied: (a: RedemptionFacts) =>
    content(
      'redemption_denied',
      'Reward denied',
      `${a.by} denied "${preview(a.title)}"; ${points(a.price)} refunded`,
      ids(a),
    ),
} as const;
