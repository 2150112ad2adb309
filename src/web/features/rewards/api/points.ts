import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AwardPointsInput,
  CreateRewardInput,
  PointsLedgerView,
  RedemptionListView,
  UpdateRewardInput,
} from '@/shared/schemas/points';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { withKey } from '@/web/lib/writes';

const rewardById = api.api.rewards[':id'];
const redemptionById = api.api.redemptions[':id'];

/** The ledger of the pair with one partner, newest first, with its balance; older pages on "Show older". */
export const useLedger = (partnerId: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.pointsLedger(partnerId),
    queryFn: ({ pageParam }): Promise<PointsLedgerView> =>
      unwrap(api.api.points.$get({ query: pageParam ? { partnerId, before: pageParam } : { partnerId } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });

/** The pair's catalogue (rewards still offered, newest first) and the balance. */
export const rewardsQuery = (partnerId: string) =>
  queryOptions({
    queryKey: queryKeys.rewards(partnerId),
    queryFn: () => unwrap(api.api.rewards.$get({ query: { partnerId } })),
  });
export const useRewards = (partnerId: string, enabled = true) =>
  useQuery({ ...rewardsQuery(partnerId), enabled });

/** What the submissive asked for, newest first: requested, granted or denied; older pages on "Show older". */
export const useRedemptions = (partnerId: string, enabled = true) =>
  useInfiniteQuery({
    queryKey: queryKeys.redemptions(partnerId),
    queryFn: ({ pageParam }): Promise<RedemptionListView> =>
      unwrap(
        api.api.redemptions.$get({ query: pageParam ? { partnerId, before: pageParam } : { partnerId } }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled,
  });

/**
 * A write of the ledger, the catalogue or a redemption: nothing is shown before the server answers (a
 * balance never goes down on a guess, decision 068); then the three reads are fetched again, as
 * `points.changed` does for the partner.
 */
function usePointsWrite<I, R>(fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.allPoints }),
  });
}

type Keyed<T> = T & { key: string };

/** POST /api/points/award, with the dialog's key (a retry makes no second entry). */
export const useAwardPoints = () =>
  usePointsWrite(({ key, ...json }: Keyed<AwardPointsInput>) =>
    unwrap(api.api.points.award.$post({ json }, withKey(key))),
  );

/** POST /api/points/correction, signed, with the dialog's key; 409 when it would go below zero. */
export const useCorrectPoints = () =>
  usePointsWrite(({ key, ...json }: Keyed<AwardPointsInput>) =>
    unwrap(api.api.points.correction.$post({ json }, withKey(key))),
  );

/** POST /api/rewards (with the dialog's key) or PUT /api/rewards/:id. */
export const useSaveReward = () =>
  usePointsWrite(
    ({ id, key, input }: { id: string | null; key: string; input: CreateRewardInput | UpdateRewardInput }) =>
      id
        ? unwrap(rewardById.$put({ param: { id }, json: input as UpdateRewardInput }))
        : unwrap(api.api.rewards.$post({ json: input as CreateRewardInput }, withKey(key))),
  );

/** DELETE /api/rewards/:id: retired, no longer offered (redemptions keep their title and price). */
export const useRetireReward = () =>
  usePointsWrite((id: string) => unwrap(rewardById.$delete({ param: { id } })));

/** POST /api/rewards/:id/restore: a retired reward offered again (the Undo of Retire, decision 095). */
export const useRestoreReward = () =>
  usePointsWrite((id: string) => unwrap(rewardById.restore.$post({ param: { id } })));

/** POST /api/rewards/:id/redeem, with the dialog's key; 409 when the balance is short. */
export const useRedeemReward = () =>
  usePointsWrite(({ id, key, note }: { id: string; key: string; note: string }) =>
    unwrap(rewardById.redeem.$post({ param: { id }, json: note ? { note } : {} }, withKey(key))),
  );

/** POST /api/redemptions/:id/grant or /deny, with an optional note; a second decision is 409. */
export const useDecideRedemption = () =>
  usePointsWrite(({ id, grant, note }: { id: string; grant: boolean; note: string }) => {
    const json = note ? { note } : {};
    return unwrap(
      grant
        ? redemptionById.grant.$post({ param: { id }, json })
        : redemptionById.deny.$post({ param: { id }, json }),
    );
  });
