import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger, quotesContent } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('info', stream), lines };
}

describe('logs', () => {
  it('a failed query is logged with its codes, never its parameters or the values in its messages', () => {
    const { log, lines } = capture();
    const pgError = Object.assign(new Error('invalid input syntax for type uuid: "secret-title"'), {
      name: 'error',
      code: '22P02',
      severity: 'ERROR',
      routine: 'string_to_uuid',
      detail: 'Key (email)=(someone@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "tasks" ("title") values ($1)',
      ['Kneel by the door', 'someone@example.com'],
      pgError,
    );
    log.error({ err: error, path: '/api/tasks' }, 'unhandled error');
    const text = lines.join('');
    expect(text).toContain('22P02');
    expect(text).toContain('string_to_uuid');
    expect(text).toContain('/api/tasks');
    for (const secret of ['Kneel by the door', 'someone@example.com', 'secret-title', 'insert into']) {
      expect(text).not.toContain(secret);
    }
  });

  it('an error marked as quoting what it carried is logged by its name, code and frames only', () => {
    const { log, lines } = capture();
    const error = Object.assign(new Error('Invalid address "Jane Roe <jane@example.com>"'), {
      code: 'EMESSAGE',
    });
    log.error({ err: quotesContent(error) }, 'mail given up after retries');
    const text = lines.join('');
    expect(text).toContain('EMESSAGE');
    expect(text).toContain('logger.test.ts');
    for (const secret of ['jane@example.com', 'Jane Roe', 'Invalid address']) {
      expect(text).not.toContain(secret);
    }
  });

  it('other errors keep their message and stack', () => {
    const { log, lines } = capture();
    log.error({ err: new TypeError('x is not a function') }, 'boom');
    expect(lines.join('')).toContain('x is not a function');
  });
});
