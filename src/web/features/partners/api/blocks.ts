import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

export const blocksQuery = queryOptions({
  queryKey: queryKeys.blocks,
  queryFn: async () => (await unwrap(api.api.blocks.$get())).blocked,
});
export const useBlocks = () => useQuery(blocksQuery);

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.api.blocks[':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.blocks }),
  });
}
