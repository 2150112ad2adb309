/** True when a database error (or its cause) is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: unknown } | null;
  return e?.code === '23505' || (e?.cause !== undefined && e.cause !== e && isUniqueViolation(e.cause));
};

/** SQLSTATE classes and codes that mean "the database is not reachable right now", not "bad request". */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGES = /connection terminated|connection error|not queryable|terminating connection/i;

/** True when a database error (or its cause) is a lost or refused connection: answer 503, try again. */
export const isConnectionFailure = (error: unknown): boolean => {
  const e = error as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message) && !('cause' in e && e.cause))
    return true;
  return e.cause !== undefined && e.cause !== e && isConnectionFailure(e.cause);
};
