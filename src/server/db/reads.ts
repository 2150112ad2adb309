import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

/**
 * Runs independent reads: at once on the database (each statement takes a connection of its own from the
 * pool), one after another in a transaction, whose single connection answers one query at a time. The
 * PostgreSQL driver queues a second query sent while one runs, and that queue is deprecated: pg 9 refuses
 * it. Each read is a function, so that none starts before its turn.
 */
export async function readTogether<T extends readonly unknown[]>(
  q: Queryable,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(q instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as unknown as T;
}
