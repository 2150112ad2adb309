import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { isTransient, retryDelay, serverContact } from './connection';
import { createQueryClient, retryRead } from './query-client';

const DATABASE_LOST = 'Database connection issue detected. Please try again later or contact support.';
const network = new ApiError(0, 'NETWORK', 'Cannot reach Pact. Check your connection and try again.');
const gateway = (status: number) => new ApiError(status, 'INTERNAL', 'An unexpected error occurred');

afterEach(() => {
  serverContact.answered();
});

describe('which failed reads are tried until the server answers', () => {
  it('no network and a gateway’s 502, 503 or 504 are transient; a refusal or a bug is not', () => {
    for (const error of [network, gateway(502), gateway(503), gateway(504)]) {
      expect(isTransient(error)).toBe(true);
      expect(retryRead(50, error)).toBe(true);
    }
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(isTransient(gateway(status))).toBe(false);
      expect(retryRead(0, gateway(status))).toBe(false);
    }
    expect(isTransient(gateway(500))).toBe(false);
    expect([0, 1, 2].map((count) => retryRead(count, gateway(500)))).toEqual([true, true, false]);
    expect(retryRead(0, new Error('a bug in the page'))).toBe(true);
    expect(retryRead(2, new Error('a bug in the page'))).toBe(false);
  });

  it('waits 1, 2, 4, 8 s and then at most 10 s, spread over the upper half', () => {
    expect([0, 1, 2, 3].map((n) => retryDelay(n, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    for (const attempt of [4, 10, 60]) {
      expect(retryDelay(attempt, () => 1)).toBe(10_000);
      expect(retryDelay(attempt, () => 0)).toBe(5_000);
    }
  });
});

describe('what the reads say about the server', () => {
  it('a transient failure means unreachable (or the database lost), an answer means back', async () => {
    const queryClient = createQueryClient();
    const seen: string[] = [];
    const stop = serverContact.subscribe(() => seen.push(serverContact.get()));
    const answers: (Error | string)[] = [
      gateway(502),
      new ApiError(503, 'UNAVAILABLE', DATABASE_LOST),
      'tasks',
    ];
    const read = queryClient.fetchQuery({
      queryKey: ['tasks'],
      retryDelay: 0,
      queryFn: async () => {
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
    });
    expect(await read).toBe('tasks');
    expect(seen).toEqual(['unreachable', 'database', 'answered']);
    stop();
    queryClient.clear();
  });

  it('a refusal, and data the app writes itself, say nothing about the server', async () => {
    const queryClient = createQueryClient();
    serverContact.failed(network);
    expect(serverContact.get()).toBe('unreachable');
    // An optimistic update or a page's loader data is not an answer.
    queryClient.setQueryData(['tasks'], ['kept']);
    expect(serverContact.get()).toBe('unreachable');
    await queryClient
      .fetchQuery({ queryKey: ['refused'], queryFn: () => Promise.reject(gateway(404)) })
      .catch(() => {});
    expect(serverContact.get()).toBe('unreachable');
    await queryClient.fetchQuery({ queryKey: ['fine'], queryFn: async () => 1 });
    expect(serverContact.get()).toBe('answered');
    queryClient.clear();
  });
});
