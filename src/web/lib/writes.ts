import type { QueryClient } from '@tanstack/react-query';
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

/**
 * An optimistic change to one cached read (decision 039): the read's fetches in flight are cancelled,
 * `update` is applied at once, and the function returned puts back what was there, for a refusal.
 */
export async function patchQuery<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  update: (data: T) => T,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<T>(queryKey);
  if (previous !== undefined) queryClient.setQueryData<T>(queryKey, update(previous));
  return () => queryClient.setQueryData<T>(queryKey, previous);
}
