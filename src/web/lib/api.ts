import { hc } from 'hono/client';
import type { AppType } from '@/server/app';
import type { ApiErrorBody, AppErrorCode } from '@/shared/errors';

/** An API refusal, with the server's own message (the spec's text where it has one). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: AppErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The server's message for a refusal, or `fallback` for anything else (a bug, an aborted request). */
export const errorMessage = (error: unknown, fallback = 'An unexpected error occurred') =>
  error instanceof ApiError ? error.message : fallback;

/**
 * How long a request may take before it is given up as unreachable: nothing stays "Saving…" forever
 * (decision 039). A write given up this way is sent again with its key, so it is never made twice.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

export const api = hc<AppType>('/', {
  init: { credentials: 'same-origin' },
  headers: { Accept: 'application/json' },
  fetch: fetchWithTimeout,
});

/** What a request that did not reach Pact (no network, a gateway's 502/503/504, a timeout) says. */
export const UNREACHABLE = 'Cannot reach Pact. Check your connection and try again.';
const GATEWAY = new Set([502, 503, 504]);

type Success<T> = Exclude<T, ApiErrorBody>;

/** Resolves to the success body, or throws an ApiError carrying the server's message. */
export async function unwrap<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(
  request: Promise<R>,
): Promise<Success<Awaited<ReturnType<R['json']>>>> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new ApiError(0, 'NETWORK', UNREACHABLE);
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body as ApiErrorBody | null)?.error;
    // A gateway's own page (the server behind it is down or restarting): not an answer from Pact.
    if (!error && GATEWAY.has(response.status)) throw new ApiError(response.status, 'NETWORK', UNREACHABLE);
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? 'An unexpected error occurred',
      error?.fields,
    );
  }
  return body as Success<Awaited<ReturnType<R['json']>>>;
}
