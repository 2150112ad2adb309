import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { patchQuery } from './writes';

type Timer = { id: string; running: boolean };
const KEY = ['timers'] as const;

/** A query client with one observed read whose server answers what `server` holds when it is fetched. */
async function setUp(initial: Timer[]) {
  const server = { timers: initial };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  const observer = new QueryObserver<Timer[]>(queryClient, {
    queryKey: KEY,
    queryFn: async () => structuredClone(server.timers),
  });
  const stop = observer.subscribe(() => {});
  await queryClient.refetchQueries({ queryKey: KEY });
  const shown = () => queryClient.getQueryData<Timer[]>(KEY);
  const fetched = () => queryClient.refetchQueries({ queryKey: KEY });
  return { server, queryClient, shown, fetched, stop };
}

const start = (id: string) => (list: Timer[]) => list.map((t) => (t.id === id ? { ...t, running: true } : t));
const showsStarted = (id: string) => (list: Timer[]) => list.some((t) => t.id === id && t.running);

describe('patchQuery: an optimistic change over a cached read', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('stays over a refetch while the write is pending', async () => {
    const t = await setUp([{ id: 'a', running: false }]);
    stop = t.stop;
    await patchQuery(t.queryClient, KEY, start('a'), showsStarted('a'));
    expect(t.shown()).toEqual([{ id: 'a', running: true }]);
    await t.fetched();
    expect(t.shown()).toEqual([{ id: 'a', running: true }]);
  });

  it('once answered, gives way to what the server says next, even when that is no longer the change', async () => {
    const t = await setUp([{ id: 'a', running: false }]);
    stop = t.stop;
    const pending = await patchQuery(t.queryClient, KEY, start('a'), showsStarted('a'));
    // The server starts the timer and answers; then, before any read, Red pauses it.
    t.server.timers = [{ id: 'a', running: false }];
    pending.settle();
    await t.fetched();
    expect(t.shown()).toEqual([{ id: 'a', running: false }]);
    // And it stays the server's from then on.
    t.server.timers = [{ id: 'a', running: true }];
    await t.fetched();
    expect(t.shown()).toEqual([{ id: 'a', running: true }]);
  });

  it('a refusal puts the read back as the server has it', async () => {
    const t = await setUp([{ id: 'a', running: false }]);
    stop = t.stop;
    const pending = await patchQuery(t.queryClient, KEY, start('a'), showsStarted('a'));
    pending.rollback();
    await t.fetched();
    expect(t.shown()).toEqual([{ id: 'a', running: false }]);
  });
});
