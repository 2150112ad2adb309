import { hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/web/lib/query-keys';
import { loadQueries, reads, userOf } from './page-data';

/** A load context whose `read` answers from a table, null for anything else (a refusal). */
const contextOf = (answers: Record<string, unknown>, renderedAt = 1_000) => ({
  renderedAt,
  read: async (path: string) => answers[path] ?? null,
});

describe('loadQueries', () => {
  it('fills the queries with the part of each answer the page keeps, all stamped with the moment the reads began', async () => {
    const data = await loadQueries(
      contextOf({
        '/api/me': { user: { id: 'u1', displayName: 'Ana' } },
        '/api/partner-requests': { requests: [{ id: 'r1' }] },
        '/api/task-completions': { completions: [] },
      }),
      [reads.me, reads.requests, reads.taskHistory],
    );
    const queryClient = new QueryClient();
    hydrate(queryClient, data.queries);
    expect(queryClient.getQueryData(queryKeys.me)).toEqual({ id: 'u1', displayName: 'Ana' });
    expect(queryClient.getQueryData(queryKeys.partnerRequests)).toEqual([{ id: 'r1' }]);
    expect(queryClient.getQueryData(queryKeys.taskHistory)).toEqual([]);
    for (const key of [queryKeys.me, queryKeys.partnerRequests, queryKeys.taskHistory]) {
      expect(queryClient.getQueryState(key)?.dataUpdatedAt).toBe(1_000);
    }
    expect(userOf(data)).toEqual({ id: 'u1', displayName: 'Ana' });
  });

  it('leaves out a read that was refused, and a task list with more pages, for the browser to read', async () => {
    const data = await loadQueries(
      contextOf({ '/api/tasks': { tasks: [{ id: 't1' }], nextCursor: 'abc' } }),
      [reads.me, reads.tasks, reads.punishments],
    );
    expect(data.queries.queries).toEqual([]);
    expect(userOf(data)).toBeNull();
  });

  it('holds the first page of the check-ins history as the infinite query keeps it', async () => {
    const page = { entries: [{ id: 'c1' }], nextCursor: '5_x' };
    const data = await loadQueries(contextOf({ '/api/checkins/history': page }), [reads.checkinHistory]);
    const queryClient = new QueryClient();
    hydrate(queryClient, data.queries);
    expect(queryClient.getQueryData(queryKeys.checkinHistory)).toEqual({ pages: [page], pageParams: [null] });
  });

  it('holds the rules with a partner as their list, under that partner’s key', async () => {
    const rules = [{ id: 'r1', title: 'Kneel when I enter' }];
    const read = reads.rules('p 1');
    expect(read.path).toBe('/api/rules?partnerId=p%201');
    const data = await loadQueries(contextOf({ [read.path]: { rules } }), [read]);
    const queryClient = new QueryClient();
    hydrate(queryClient, data.queries);
    expect(queryClient.getQueryData(queryKeys.rules('p 1'))).toEqual(rules);
  });

  it('holds the infractions with a partner as their list, under that partner’s key', async () => {
    const infractions = [{ id: 'i1', ruleTitle: 'Kneel when I enter', ruleVersion: 2 }];
    const read = reads.infractions('p 1');
    expect(read.path).toBe('/api/infractions?partnerId=p%201');
    const data = await loadQueries(contextOf({ [read.path]: { infractions } }), [read]);
    const queryClient = new QueryClient();
    hydrate(queryClient, data.queries);
    expect(queryClient.getQueryData(queryKeys.infractions('p 1'))).toEqual(infractions);
  });

  it('reads nothing while a page is prerendered (no request, no session)', async () => {
    const data = await loadQueries({}, [reads.me, reads.tasks]);
    expect(data.queries.queries).toEqual([]);
  });
});
