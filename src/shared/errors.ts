/** Error codes the API answers with, in `{ error: { code, message } }`. */
export const APP_ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_AUTHENTICATED',
  'FORBIDDEN',
  'CROSS_ORIGIN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_EXISTS',
  'EMAIL_NOT_CONFIRMED',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'RATE_LIMITED',
  'INVALID_TOKEN',
  'ROLE_NOT_SWITCH',
  'ROLE_NOT_CHOSEN',
  'ROLE_ALREADY_CHOSEN',
  'IDEMPOTENCY_CONFLICT',
  'PAIR_STOPPED',
  'PAIR_CHECKING_IN',
  'CAP_EXCEEDED',
  'NEGOTIATION_PENDING',
  'LIMIT_CROSSED',
  'SEAL_REQUIRED',
  'APP_LOCKED',
  'WRONG_PIN',
  'LOCK_SIGNED_OUT',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: AppErrorCode; message: string; fields?: Record<string, string> };
}
