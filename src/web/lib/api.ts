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

export const api = hc<AppType>('/', {
  init: { credentials: 'same-origin' },
  headers: { Accept: 'application/json' },
});

type Success<T> = Exclude<T, ApiErrorBody>;

/** Resolves to the success body, or throws an ApiError carrying the server's message. */
export async function unwrap<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(
  request: Promise<R>,
): Promise<Success<Awaited<ReturnType<R['json']>>>> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach Pact. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body as ApiErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? 'An unexpected error occurred',
      error?.fields,
    );
  }
  return body as Success<Awaited<ReturnType<R['json']>>>;
}
