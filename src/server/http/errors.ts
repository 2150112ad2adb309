import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, AppErrorCode } from '@/shared/errors';
import type { Logger } from '../logger';

/** A refusal the user or client should see: its message is shown as it is. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
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
    return c.json(errorBody(error.code, error.message, error.fields), error.status);
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
  log.error({ err: error, path: c.req.path, method: c.req.method }, 'unhandled error');
  return c.json(errorBody('INTERNAL', 'An unexpected error occurred'), 500);
}
