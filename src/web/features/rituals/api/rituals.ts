import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RitualMark } from '@/shared/domain/rituals';
import type {
  CreateRitualInput,
  RitualListView,
  RitualView,
  UpdateRitualInput,
} from '@/shared/schemas/rituals';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { withKey } from '@/web/lib/writes';

const byId = api.api.rituals[':id'];

/** The pair's rituals in use, with their runs, this week and the earlier days still markable. */
export const ritualsQuery = (partnerId: string) =>
  queryOptions({
    queryKey: queryKeys.rituals(partnerId),
    queryFn: (): Promise<RitualListView> => unwrap(api.api.rituals.$get({ query: { partnerId } })),
  });
export const useRituals = (partnerId: string) => useQuery(ritualsQuery(partnerId));

/** Every write answers the ritual as it now stands; the list is read again for the runs (a few rows). */
function useRitualWrite<I, R>(partnerId: string, fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.rituals(partnerId) }),
  });
}

/** POST /api/rituals (with the dialog's key) or PATCH /api/rituals/:id: the dominant's. */
export const useSaveRitual = (partnerId: string) =>
  useRitualWrite(
    partnerId,
    ({ id, key, input }: { id: string | null; key: string; input: CreateRitualInput | UpdateRitualInput }) =>
      id
        ? unwrap(byId.$patch({ param: { id }, json: input as UpdateRitualInput }))
        : unwrap(api.api.rituals.$post({ json: input as CreateRitualInput }, withKey(key))),
  );

/** DELETE /api/rituals/:id: retired; its days stay in the record and the export. */
export const useRetireRitual = (partnerId: string) =>
  useRitualWrite(partnerId, (id: string) => unwrap(byId.$delete({ param: { id } })));

interface MarkInput {
  ritualId: string;
  date: string;
  mark: RitualMark;
  note: string;
}

/**
 * PUT /api/rituals/:id/days/:date: the submissive's mark. Shown at once (the mark is the submissive's own
 * word and the same PUT sent again changes nothing); put back if the server refuses it. The run is read
 * again from the server, which counts it.
 */
export function useMarkDay(partnerId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.rituals(partnerId);
  return useMutation({
    mutationFn: ({ ritualId, date, mark, note }: MarkInput) =>
      unwrap(
        byId.days[':date'].$put({ param: { id: ritualId, date }, json: note ? { mark, note } : { mark } }),
      ),
    onMutate: async ({ ritualId, date, mark, note }: MarkInput) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<RitualListView>(key);
      if (before)
        queryClient.setQueryData<RitualListView>(key, {
          ...before,
          rituals: before.rituals.map((r) => (r.id === ritualId ? withMark(r, date, mark, note) : r)),
        });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

const withMark = (r: RitualView, date: string, mark: RitualMark, note: string): RitualView => {
  const put = (days: RitualView['week']) =>
    days.map((d) => (d.date === date ? { ...d, mark, note: note || null } : d));
  return { ...r, week: put(r.week), earlier: put(r.earlier) };
};
