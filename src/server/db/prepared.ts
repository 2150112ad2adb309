import { type Placeholder, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A statement of a hot read, built once per database: Drizzle generates its SQL once and PostgreSQL plans
 * it once per connection (it is sent under its name). Its values are placeholders bound at each call.
 * Names must be unique across the app; prepared statements run on the pool, never inside a transaction.
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
