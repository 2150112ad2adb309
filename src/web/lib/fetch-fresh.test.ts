import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fetchFresh } from './fetch-fresh';

describe('fetchFresh', () => {
  it('does not join a fetch that started before the change: its answer is asked again', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The server's list: the notification is created after the first read has left.
    let list = ['old'];
    let releaseFirst: () => void = () => {};
    let calls = 0;
    const queryFn = async () => {
      calls++;
      const answer = [...list];
      if (calls === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
      return answer;
    };
    const options = { queryKey: ['notifications'], queryFn };
    const inFlight = queryClient.fetchQuery(options).catch(() => 'cancelled');

    list = ['new', 'old'];
    const fresh = fetchFresh(queryClient, options);
    releaseFirst();
    expect(await fresh).toEqual(['new', 'old']);
    expect(queryClient.getQueryData(['notifications'])).toEqual(['new', 'old']);
    expect(calls).toBe(2);
    await inFlight;
  });

  it('without a fetch in flight, reads once, even when the cache is fresh', async () => {
    const queryClient = new QueryClient();
    let calls = 0;
    const options = { queryKey: ['n'], queryFn: async () => ++calls };
    queryClient.setQueryData(['n'], 0);
    expect(await fetchFresh(queryClient, options)).toBe(1);
    expect(calls).toBe(1);
  });
});
