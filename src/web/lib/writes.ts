import { hashKey, type QueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { ApiError } from './api';

/** The header a create carries, so that the server makes one row however often it is sent. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** What a form says when its write could not reach the server (decision 039); what was typed stays. */
export const UNREACHABLE_MESSAGE = "Couldn't reach Pact. Your text is kept; try again.";

/** A fresh key: a random UUID (`crypto.randomUUID` where the page is a secure context). */
export function newWriteKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The per-request options that send `key` (hc's second argument). */
export const withKey = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key } });

/**
 * The key of one form or action: made when it is first asked for, the same for every retry, and a new
 * one only after the write succeeded (`renew`), so that the next message or task is a new row.
 */
export function useWriteKey() {
  const ref = useRef<string | null>(null);
  return useMemo(
    () => ({
      get current() {
        ref.current ??= newWriteKey();
        return ref.current;
      },
      renew() {
        ref.current = null;
      },
    }),
    [],
  );
}

/** True when a write failed because it did not reach Pact (no network, a gateway, a timeout). */
export const isUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.code === 'NETWORK' || [502, 503, 504].includes(error.status));

/** One optimistic change in flight (`patchQuery`). */
export interface PendingWrite {
  /**
   * The write succeeded: the change stays applied over fetched data until the server's data shows it
   * (`shows`) or a fetch begun after this lands, then it is dropped. `update`, when given, replaces the
   * change (the server's copy of it).
   */
  settle(update?: (data: never) => unknown): void;
  /** The write was refused: the change is taken out of what is shown, and the read is fetched again. */
  rollback(): void;
  /** The change is dropped at once and the data left as it is (the caller writes the server's answer). */
  release(): void;
}

interface Patch {
  update: (data: unknown) => unknown;
  shows: (data: unknown) => boolean;
  settled: boolean;
  /** The read's `dataUpdateCount` when the write was answered: a fetch that lands after it is read anew. */
  settledAt: number;
}

interface Patched {
  queryKey: readonly unknown[];
  /** The read as the server last gave it (or as it was when the first change was made). */
  base: unknown;
  /** What was last written over it: still this in the cache means no one else wrote since. */
  shown: unknown;
  patches: Patch[];
}

const patchedReads = new WeakMap<QueryClient, Map<string, Patched>>();

/**
 * The reads with changes in flight, per query client. Whenever a fetch (a live event's refetch, a window
 * focus, a reconnect) brings the server's data for one of them, the changes still in flight are applied
 * over it again before anything is rendered (the cache's listeners run inside the fetch's notification
 * batch), so a write the server has not answered yet never flickers back. A settled change is dropped once
 * the server's data shows it, or once a fetch begun after it settled lands: that read is the server's word,
 * whatever happened since (Red pausing a timer just started, a partner's change).
 */
function patchedReadsOf(queryClient: QueryClient) {
  let reads = patchedReads.get(queryClient);
  if (reads) return reads;
  const map = new Map<string, Patched>();
  reads = map;
  patchedReads.set(queryClient, map);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const read = map.get(event.query.queryHash);
    if (!read) return;
    read.base = event.query.state.data;
    const count = event.query.state.dataUpdateCount;
    read.patches = read.patches.filter((p) => !(p.settled && (p.shows(read.base) || count > p.settledAt)));
    if (read.patches.length === 0) {
      map.delete(event.query.queryHash);
      return;
    }
    write(queryClient, read);
  });
  return reads;
}

function write(queryClient: QueryClient, read: Patched) {
  if (read.base === undefined) return;
  read.shown = read.patches.reduce<unknown>((data, p) => p.update(data), read.base);
  queryClient.setQueryData(read.queryKey, read.shown);
}

/**
 * An optimistic change to one cached read (decisions 039 and 044): the read's fetches in flight are
 * cancelled and `update` is applied at once, and again over whatever a refetch brings while the write is
 * pending. `shows` tells whether the server's data already has the change (or no longer has the thing it
 * changes): once the write has settled and a fetch brings such data, the change is dropped. `update` must
 * be pure (the same result each time it is applied).
 */
export async function patchQuery<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  update: (data: T) => T,
  shows: (data: T) => boolean,
): Promise<PendingWrite> {
  await queryClient.cancelQueries({ queryKey });
  const reads = patchedReadsOf(queryClient);
  const hash = queryClient.getQueryCache().find({ queryKey, exact: true })?.queryHash ?? hashKey(queryKey);
  const current = queryClient.getQueryData<T>(queryKey);
  let read = reads.get(hash);
  // Someone wrote the read since the last change was applied (a live message added): that is the base now
  // (the changes in it are applied again harmlessly; a refusal then fetches the read again).
  if (read && current !== read.shown) read.base = current;
  if (!read || read.patches.length === 0) {
    read = { queryKey, base: current, shown: current, patches: [] };
    reads.set(hash, read);
  }
  const patch: Patch = {
    update: update as (data: unknown) => unknown,
    shows: shows as (data: unknown) => boolean,
    settled: false,
    settledAt: Number.POSITIVE_INFINITY,
  };
  read.patches.push(patch);
  write(queryClient, read);
  const target = read;
  const remove = () => {
    target.patches = target.patches.filter((p) => p !== patch);
    if (target.patches.length === 0 && reads.get(hash) === target) reads.delete(hash);
  };
  return {
    settle(next) {
      patch.settled = true;
      if (next) patch.update = next as (data: unknown) => unknown;
      if (target.base !== undefined && patch.shows(target.base)) return remove();
      // Reads begun before the server answered are cancelled and the read is fetched again: the first fetch
      // that lands from now on (a count past this one) is the server's word on the change.
      patch.settledAt =
        queryClient.getQueryCache().find({ queryKey, exact: true })?.state.dataUpdateCount ?? 0;
      void queryClient.invalidateQueries({ queryKey });
    },
    rollback() {
      const untouched = queryClient.getQueryData(queryKey) === target.shown;
      remove();
      if (untouched) {
        if (target.patches.length > 0) write(queryClient, target);
        else queryClient.setQueryData(queryKey, target.base);
      }
      void queryClient.invalidateQueries({ queryKey });
    },
    release: remove,
  };
}
