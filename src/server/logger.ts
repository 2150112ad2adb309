import pino from 'pino';

export type Logger = pino.Logger;

/** What a logged error may say: its kind and codes, never the values a query or a message carried. */
export interface LoggedError {
  type: string;
  code?: string;
  constraint?: string;
  table?: string;
  routine?: string;
  /** An SMTP reply's code (550) and the command it answered (RCPT TO), without the reply's text. */
  responseCode?: number;
  command?: string;
  message?: string;
  stack?: string;
  cause?: LoggedError;
}

const DATABASE_ERRORS = /^(DrizzleQueryError|DatabaseError|error)$/;

/** Errors marked by the code that raised them as quoting what they carried (see `quotesContent`). */
const quoting = new WeakSet<object>();

/**
 * Marks an error whose message may quote personal content, such as a mail server's reply naming the
 * recipient: it is then logged by its name, codes and stack frames only. Returns the error.
 */
export function quotesContent<T>(error: T): T {
  if (error !== null && typeof error === 'object') quoting.add(error);
  return error;
}

/**
 * Errors from the database carry the statement and its parameters (titles, feedback, addresses); errors
 * from the mail server carry its reply, which names the recipient ("550 5.1.1 <someone@example.com>:
 * Recipient address rejected"). Both are known by their shape as well as by the mark.
 */
function quotesWhatItCarried(e: Error & Record<string, unknown>) {
  return (
    quoting.has(e) ||
    DATABASE_ERRORS.test(e.name) ||
    typeof e.query === 'string' ||
    typeof e.severity === 'string' ||
    typeof e.response === 'string' ||
    typeof e.responseCode === 'number' ||
    typeof e.command === 'string'
  );
}

/**
 * Errors from the database and the mail server lose their message, detail, reply and the stack's opening
 * lines (which repeat the message): their type, codes (SQLSTATE, constraint, table; SMTP code and
 * command) and stack frames stay, so that the logs carry ids and codes, never personal content. Other
 * errors (ours, and bugs) keep their message and stack. See docs/decisions/032-what-the-logs-keep.md.
 */
export function serializeError(error: unknown, depth = 0): LoggedError | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  const e = error as Error & Record<string, unknown>;
  const out: LoggedError = { type: e.constructor?.name ?? e.name };
  for (const key of ['code', 'constraint', 'table', 'routine', 'command'] as const) {
    if (typeof e[key] === 'string') out[key] = e[key] as string;
  }
  if (typeof e.responseCode === 'number') out.responseCode = e.responseCode;
  if (quotesWhatItCarried(e)) {
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

/**
 * The words of a library's log message without the values it quotes: the first line, up to its first
 * colon ("Invalid origin: https://…" → "Invalid origin", "Failed query: insert into … params: …" →
 * "Failed query"), with addresses and URLs left out should any stand before it.
 */
export function libraryMessage(message: unknown): string {
  if (typeof message !== 'string') return '';
  const masked = message
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, '…')
    .replace(/\S+@\S+/g, '…')
    .split('\n')[0]!;
  const colon = masked.search(/:(\s|$)/);
  return (colon === -1 ? masked : masked.slice(0, colon)).trim();
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
