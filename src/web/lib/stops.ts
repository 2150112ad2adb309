import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StopsView } from '@/shared/schemas/stops';
import { api, unwrap } from './api';
import { queryKeys } from './query-keys';

/**
 * The open stops of the user's pairs: Red called by them or by a partner (decision 049). Red reaches every
 * feature (what it holds, what it refuses), so its read lives here; the Red control and banner are a feature.
 */
export const stopsQuery = queryOptions({
  queryKey: queryKeys.stops,
  queryFn: (): Promise<StopsView> => unwrap(api.api.stops.$get()),
});
export const useStops = () => useQuery(stopsQuery);

/**
 * For a pair, since when its clock has stood still, if Red holds it: what falls due from then is on hold.
 * One lookup for every list that shows due times.
 */
export function useStoppedSince(): (pairId: string) => number | null {
  const stops = useStops().data?.stops ?? [];
  return (pairId) => stops.find((stop) => stop.pairId === pairId)?.stoppedSince ?? null;
}
