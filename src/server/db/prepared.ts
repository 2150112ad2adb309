import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * A statement of a hot read, built once per database: Drizzle generates its SQL once and PostgreSQL plans
 * it once per connection (it is sent under its name). Its values are placeholders bound at each call.
 * Names must be unique across the app. Such a statement runs on the pool; inside a transaction use
 * `preparedInTransaction`.
 */
export function prepared<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** A value bound when the statement runs. */
export const bound = (name: string): Placeholder => sql.placeholder(name);

/** What Drizzle's `.prepare(name)` answers, on either driver. */
interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The parts of a transaction Drizzle keeps to itself: its session (and connection) and its dialect. */
interface TxInternals {
  session: {
    client: unknown;
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): Runnable<unknown>;
  };
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
}

const internals = (tx: Tx) => tx as unknown as TxInternals;

/**
 * A fixed statement of a write, built once per driver and run inside the caller's transaction (decision
 * 046): Drizzle builds its SQL once, and on PostgreSQL it is sent under its name, so that each connection
 * parses and plans it once. A prepared query of Drizzle is bound to the connection it was built on (the
 * pool, or the first transaction's client); each call runs it on this transaction's own connection
 * instead, so it is part of the transaction (it commits and rolls back with it). PGlite has one
 * connection and ignores the name. Names must be unique across the app.
 */
export function preparedInTransaction<R>(build: (tx: Tx) => Runnable<R>) {
  // By the session's class: one process may hold a PGlite and a PostgreSQL database (the tests do).
  const built = new WeakMap<object, Runnable<R>>();
  return (tx: Tx, values: Record<string, unknown>): Promise<R> => {
    const { session } = internals(tx);
    let statement = built.get(session.constructor);
    if (statement === undefined) {
      statement = build(tx);
      built.set(session.constructor, statement);
    }
    const here: Runnable<R> = Object.create(statement, { client: { value: session.client } });
    return here.execute(values);
  };
}

/** A fixed statement written in SQL (no result read), prepared as `preparedInTransaction` does. */
export const preparedSql = (name: string, statement: SQL) =>
  preparedInTransaction<unknown>((tx) => {
    const { session, dialect } = internals(tx);
    return session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  });
