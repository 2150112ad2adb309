import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, AppErrorCode } from '@/shared/errors';
import { isConnectionFailure } from '../db/errors';
import type { Logger } from '../logger';

/** The spec's banner text for a database that cannot be reached. */
export const DATABASE_UNAVAILABLE =
  'Database connection issue detected. Please try again later or contact support.';

/** The status each code answers with: one code, one status, wherever it is thrown. */
const STATUS_OF = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_AUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_EXISTS: 409,
  EMAIL_NOT_CONFIRMED: 403,
  INVALID_CREDENTIALS: 401,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  INVALID_TOKEN: 400,
  ROLE_NOT_SWITCH: 403,
  ROLE_NOT_CHOSEN: 403,
  ROLE_ALREADY_CHOSEN: 409,
  IDEMPOTENCY_CONFLICT: 422,
  PAIR_STOPPED: 409,
  SEAL_REQUIRED: 409,
  PAIR_CHECKING_IN: 409,
  CAP_EXCEEDED: 409,
  NEGOTIATION_PENDING: 409,
  LIMIT_CROSSED: 409,
  APP_LOCKED: 423,
  WRONG_PIN: 403,
  LOCK_SIGNED_OUT: 401,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<AppErrorCode, ContentfulStatusCode>;

/** What a refusal may carry besides its message: per-field messages, extra response headers. */
export interface RefusalExtras {
  fields?: Record<string, string>;
  /** Extra response headers, e.g. `Connection: close` when the request body was left unread. */
  headers?: Record<string, string>;
}

/**
 * A refusal the user or client should see: its message is shown as it is. Thrown through the factories
 * below (`notFound(message)`, `conflict(message)`, …), which give each code its one status. A refusal is an
 * answer, not a fault: nothing reads its stack, so none is captured (capturing one cost more than the rest
 * of a 404; decision 045).
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    extras: RefusalExtras = {},
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.status = STATUS_OF[code];
    this.fields = extras.fields;
    this.headers = extras.headers;
  }
}

const refusal =
  (code: AppErrorCode) =>
  (message: string, extras?: RefusalExtras): AppError =>
    new AppError(code, message, extras);

/** 400: the input breaks a rule (`fields` names the inputs at fault). */
export const invalid = refusal('VALIDATION_ERROR');
/** 400: a request that cannot mean anything. */
export const badRequest = refusal('BAD_REQUEST');
/** 401: no session. */
export const notAuthenticated = (message = 'Not authenticated') => new AppError('NOT_AUTHENTICATED', message);
/** 401: the email and password do not match an account. */
export const invalidCredentials = refusal('INVALID_CREDENTIALS');
/** 403: the actor may not do this. */
export const forbidden = refusal('FORBIDDEN');
export const crossOrigin = refusal('CROSS_ORIGIN');
export const emailNotConfirmed = refusal('EMAIL_NOT_CONFIRMED');
export const roleNotSwitch = refusal('ROLE_NOT_SWITCH');
export const roleNotChosen = refusal('ROLE_NOT_CHOSEN');
/** 404: not there, or not the actor's to see (the two look the same). */
export const notFound = refusal('NOT_FOUND');
/** 409: the thing is not in a state that allows this. */
export const conflict = refusal('CONFLICT');
export const emailExists = refusal('EMAIL_EXISTS');
export const roleAlreadyChosen = refusal('ROLE_ALREADY_CHOSEN');
/** 409: the pair is stopped (Red): nothing new until it is lifted. */
export const pairStopped = refusal('PAIR_STOPPED');
/** 409: the pair has an open check-in asked by Yellow; new demands wait until it is answered. */
export const pairCheckingIn = refusal('PAIR_CHECKING_IN');
/** A write that would go past a cap of the contract in force (decision 057). */
export const capExceeded = refusal('CAP_EXCEEDED');
/** 409: the pair's submissive has not confirmed the first negotiation (decision 058): nothing new is assigned. */
export const negotiationPending = refusal('NEGOTIATION_PENDING');
/** 409: a tagged task or punishment touches a limit one of the pair answered No (decision 056). */
export const limitCrossed = refusal('LIMIT_CROSSED');
/** 409: plain text written to a pair whose partners both have keys (decision 101): it must come sealed. */
export const sealRequired = refusal('SEAL_REQUIRED');
/** 423: this device's app lock is engaged (decision 078): only the lock's, sign-out's and Red's routes answer. */
export const appLocked = refusal('APP_LOCKED');
/** 403: a wrong PIN on the lock screen; the fifth in a row signs the device out (401 LOCK_SIGNED_OUT). */
export const wrongPin = refusal('WRONG_PIN');
export const lockSignedOut = refusal('LOCK_SIGNED_OUT');
/** 400: a reset or verification link that is spent or unknown. */
export const invalidToken = refusal('INVALID_TOKEN');
/** 413 */
export const payloadTooLarge = refusal('PAYLOAD_TOO_LARGE');
/** 415 */
export const unsupportedMediaType = refusal('UNSUPPORTED_MEDIA_TYPE');
/** 422: an `Idempotency-Key` already claimed for another request. */
export const idempotencyConflict = refusal('IDEMPOTENCY_CONFLICT');
/** 429: a rate-limit window is full (with `Retry-After`). */
export const rateLimited = refusal('RATE_LIMITED');
/** 429: too many failed sign-ins for this account. */
export const tooManyAttempts = refusal('TOO_MANY_ATTEMPTS');
/** 503: a dependency (mail, a busy queue, the PDF renderer) cannot serve this now. */
export const unavailable = refusal('UNAVAILABLE');

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
