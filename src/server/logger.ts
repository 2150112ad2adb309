import pino from 'pino';

export type Logger = pino.Logger;

/** What a logged error may say: its kind and codes, never the values a query or a message carried. */
export interface LoggedError {
  type: string;
  code?: string;
  constraint?: string;
  table?: string;
  routine?: string;
  message?: string;
  stack?: string;
  cause?: LoggedError;
}

const DATABASE_ERRORS = /^(DrizzleQueryError|DatabaseError|error)$/;

/**
 * Errors from the database carry the statement's parameters (titles, feedback, addresses) in their
 * message, detail and stack: those are dropped, and the SQLSTATE code, constraint and table kept, so that
 * the logs carry ids and codes, never personal content. Other errors keep their message and stack.
 */
export function serializeError(error: unknown, depth = 0): LoggedError | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  const e = error as Error & Record<string, unknown>;
  const fromDatabase =
    DATABASE_ERRORS.test(e.name) || typeof e.query === 'string' || typeof e.severity === 'string';
  const out: LoggedError = { type: e.constructor?.name ?? e.name };
  for (const key of ['code', 'constraint', 'table', 'routine'] as const) {
    if (typeof e[key] === 'string') out[key] = e[key] as string;
  }
  if (fromDatabase) {
    // A stack opens with the message (over several lines for a query): keep the frames only.
    if (e.stack)
      out.stack = e.stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n');
  } else {
    out.message = e.message;
    if (e.stack) out.stack = e.stack;
  }
  const cause = serializeError(e.cause, depth + 1);
  if (cause) out.cause = cause;
  return out;
}

export const createLogger = (level: pino.LevelWithSilent, destination?: pino.DestinationStream) =>
  pino(
    {
      level,
      base: { service: 'pact' },
      serializers: { err: serializeError },
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'req.headers.cookie'],
        remove: true,
      },
    },
    destination,
  );
