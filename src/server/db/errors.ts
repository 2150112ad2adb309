/** True when a database error (or its cause) is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: unknown } | null;
  return e?.code === '23505' || (e?.cause !== undefined && e.cause !== e && isUniqueViolation(e.cause));
};
