import { Column, getTableName, is, type Placeholder, SQL, Subquery, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * A statement of a hot read, built once per database: Drizzle generates its SQL once and PostgreSQL plans
 * it once per connection (it is sent under its name). Its values are placeholders bound at each call, and
 * its rows are mapped by a mapper compiled once (withCompiledRows), not Drizzle's generic path.
 * Names must be unique across the app. Such a statement runs on the pool; inside a transaction use
 * `preparedInTransaction`.
 */
export function prepared<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      if (Array.isArray((statement as { fields?: unknown }).fields)) withCompiledRows(statement);
      built.set(db, statement);
    }
    return statement;
  };
}

/** A value bound when the statement runs. */
export const bound = (name: string): Placeholder => sql.placeholder(name);

type Decoder = { mapFromDriverValue(value: unknown): unknown };
interface OrderedField {
  path: string[];
  field: unknown;
}
const identity = Column.prototype.mapFromDriverValue;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // Drizzle keeps an expression's decoder internal.
  const decoder = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder(field._.sql);
  return decoder((field as SQL.Aliased).sql);
}

/**
 * Compiles what Drizzle's generic row mapping does for one fixed selection (its decoders, nesting and
 * left-join nulls), worked out once instead of for every cell of every row: the rows and objects are the
 * same, at a fraction of the CPU of a hot list (decision 045).
 */
export function compileRowMapper(
  fields: OrderedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    const decode =
      is(field, Column) && decoder.mapFromDriverValue === identity
        ? null
        : decoder.mapFromDriverValue.bind(decoder);
    return { top: path[0] as string, sub: path.length === 2 ? (path[1] as string) : null, decode, field };
  });
  if (fields.some(({ path }) => path.length > 2))
    throw new Error('compileRowMapper: nesting deeper than one level');
  // A nested object from a left-joined table is null when its first column is (as Drizzle does).
  const groups = new Map<string, { first: number; table: string | null }>();
  columns.forEach(({ top, sub, field }, index) => {
    if (sub === null) return;
    const table = is(field, Column) ? getTableName(field.table) : null;
    const group = groups.get(top);
    if (!group) groups.set(top, { first: index, table });
    else if (group.table !== table) group.table = null;
  });
  const nullable = [...groups]
    .filter(([, g]) => joinsNotNullableMap && g.table !== null && !joinsNotNullableMap[g.table])
    .map(([top, g]) => ({ top, first: g.first }));
  const nestedTops = [...groups.keys()];
  return (row) => {
    const result: Record<string, unknown> = {};
    for (const top of nestedTops) result[top] = {};
    for (let i = 0; i < columns.length; i++) {
      const { top, sub, decode } = columns[i]!;
      const raw = row[i];
      const value = raw === null || decode === null ? raw : decode(raw);
      if (sub === null) result[top] = value;
      else (result[top] as Record<string, unknown>)[sub] = value;
    }
    for (const { top, first } of nullable) if (row[first] === null) result[top] = null;
    return result;
  };
}

/**
 * A prepared select whose rows are mapped by a mapper compiled once (compileRowMapper) instead of Drizzle's
 * generic path. Same rows, same types.
 */
export function withCompiledRows<Q>(query: Q): Q {
  const q = query as unknown as {
    fields?: OrderedField[];
    joinsNotNullableMap?: Record<string, boolean>;
    customResultMapper?: (rows: unknown[][]) => unknown;
  };
  if (!q.fields) throw new Error('withCompiledRows: not a select with fields');
  const map = compileRowMapper(q.fields, q.joinsNotNullableMap);
  q.customResultMapper = (rows) => rows.map(map);
  return query;
}

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
