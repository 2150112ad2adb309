import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AftercareListView } from '@/shared/schemas/aftercare';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The aftercare asks the user has yet to answer or dismiss (decision 054). */
export const aftercareQuery = queryOptions({
  queryKey: queryKeys.aftercare,
  queryFn: (): Promise<AftercareListView> => unwrap(api.api.aftercare.$get()),
});
export const useAftercare = () => useQuery(aftercareQuery);

type Response = { id: string; dismiss: true } | { id: string; dismiss: false; note: string };

/** Answers an ask with an optional note, or dismisses it; the answer is the user's open asks as they now are. */
export function useRespondToAftercare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Response) =>
      input.dismiss
        ? unwrap(api.api.aftercare[':id'].dismiss.$post({ param: { id: input.id } }))
        : unwrap(
            api.api.aftercare[':id'].answer.$post({
              param: { id: input.id },
              json: input.note ? { note: input.note } : {},
            }),
          ),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.aftercare, list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.aftercare }),
  });
}
