import type { FetchNextPageOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** What `useOlderPages` reads of an infinite query's result. */
type Pages = {
  data: { pages: readonly unknown[] } | undefined;
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: FetchNextPageOptions) => Promise<unknown>;
};

/**
 * "Show older" of an infinite list that live events read again. A refetch (an event, the stream back) cancels
 * an older page still on its way and reads again only the pages the list had when it began: the older page
 * the user asked for would be lost, and the button be back as if never pressed. So the number of pages asked
 * for is kept, and once nothing is being read, a list that has fewer reads the next page again. A failed page
 * is not read again by itself: the button is back, and pressing it tries again.
 */
export function useOlderPages(query: Pages) {
  const { data, hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loaded = data?.pages.length ?? 0;
  const [wanted, setWanted] = useState(0);
  const short = loaded > 0 && loaded < wanted && hasNextPage && !isFetchNextPageError;
  useEffect(() => {
    if (short && !isFetching) void fetchNextPage({ cancelRefetch: false });
  }, [short, isFetching, fetchNextPage]);
  return {
    /** An older page is asked for and not yet shown. */
    loadingMore: isFetchingNextPage || short,
    showOlder: () => {
      setWanted(loaded + 1);
      // A refetch on its way is not cancelled: the older page is read once it is done.
      void fetchNextPage({ cancelRefetch: false });
    },
  };
}
