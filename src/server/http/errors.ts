import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, AppErrorCode } from '@/shared/errors';
import { isConnectionFailure } from '../db/errors';
import type { Logger } from '../logger';

/** The spec's banner text for a database that cannot be reached. */
export const DATABASE_UNAVAILABLE =
  'Database connection issue detected. Please try again later or contact support.';

/**
 * A refusal the user or client should see: its message is shown as it is. A refusal is an answer, not a
 * fault: nothing reads its stack, so none is captured (capturing one cost more than the rest of a 404;
 * decision 045).
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra response headers, e.g. `Connection: close` when the request body was left unread. */
    readonly headers?: Record<string, string>,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const errorBody = (
  code: AppErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

export function handleError(error: Error, c: Context, log: Logger) {
  if (error instanceof AppError) {
    return c.json(errorBody(error.code, error.message, error.fields), error.status, error.headers);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code: AppErrorCode =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : error.message === 'Malformed JSON in request body'
          ? 'MALFORMED_JSON'
          : status === 401
            ? 'NOT_AUTHENTICATED'
            : 'BAD_REQUEST';
    const message = status === 413 ? 'Request body is too large' : error.message || 'Bad request';
    return c.json(errorBody(code, message), status as ContentfulStatusCode);
  }
  if (isConnectionFailure(error)) {
    log.warn({ path: c.req.path, method: c.req.method, code: dbCode(error) }, 'database unavailable');
    return c.json(errorBody('UNAVAILABLE', DATABASE_UNAVAILABLE), 503, { 'Retry-After': '1' });
  }
  log.error({ err: error, path: c.req.path, method: c.req.method }, 'unhandled error');
  return c.json(errorBody('INTERNAL', 'An unexpected error occurred'), 500);
}

function dbCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: unknown } | null;
  if (typeof e?.code === 'string') return e.code;
  return e?.cause ? dbCode(e.cause) : undefined;
}
