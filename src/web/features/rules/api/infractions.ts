import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfractionView, LogInfractionInput } from '@/shared/schemas/infractions';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { withKey } from '@/web/lib/writes';

const infractions = api.api.infractions;
const byId = infractions[':id'];

/** The infractions of the pair with one partner, newest first (GET /api/infractions?partnerId=). */
export const infractionsQuery = (partnerId: string) =>
  queryOptions({
    queryKey: queryKeys.infractions(partnerId),
    queryFn: async () => (await unwrap(infractions.$get({ query: { partnerId } }))).infractions,
  });
export const useInfractions = (partnerId: string, enabled = true) =>
  useQuery({ ...infractionsQuery(partnerId), enabled });

/** Newest first, as the server orders them: by when it happened, then by id. */
const newestFirst = (a: InfractionView, b: InfractionView) =>
  b.occurredAt - a.occurredAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The list with `infraction` as the server now has it: in its place, or where it falls when it is new. */
const withInfraction = (list: InfractionView[] | undefined, infraction: InfractionView) =>
  list?.some((i) => i.id === infraction.id)
    ? list.map((i) => (i.id === infraction.id ? infraction : i))
    : [infraction, ...(list ?? [])].sort(newestFirst);

/**
 * A write that answers the infraction as it now stands: it replaces the cached one. A refusal reads the
 * list again (a 409 says the partner changed it meanwhile: contested, withdrawn).
 */
function useInfractionWrite<I>(partnerId: string, fn: (input: I) => Promise<{ infraction: InfractionView }>) {
  const queryClient = useQueryClient();
  const key = queryKeys.infractions(partnerId);
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ infraction }) =>
      queryClient.setQueryData<InfractionView[]>(key, (list) => withInfraction(list, infraction)),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/infractions: the dominant logs one, with the key of the dialog (a retry makes no second). */
export const useLogInfraction = (partnerId: string) =>
  useInfractionWrite(partnerId, ({ key, ...json }: LogInfractionInput & { key: string }) =>
    unwrap(infractions.$post({ json }, withKey(key))),
  );

/**
 * POST /api/infractions/:id/contest: the submissive contests one, once, with an optional note; the dialog's
 * key makes a retry answer the contest it made rather than "already contested".
 */
export const useContestInfraction = (partnerId: string) =>
  useInfractionWrite(partnerId, ({ id, note, key }: { id: string; note: string; key: string }) =>
    unwrap(byId.contest.$post({ param: { id }, json: note ? { note } : {} }, withKey(key))),
  );

/** POST /api/infractions/:id/withdraw: the dominant withdraws one. */
export const useWithdrawInfraction = (partnerId: string) =>
  useInfractionWrite(partnerId, (id: string) => unwrap(byId.withdraw.$post({ param: { id } })));
