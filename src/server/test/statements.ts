import type { Db } from '../db/client';

/** The statements one transaction sent, in order (BEGIN, COMMIT and savepoints are not among them). */
export type Transaction = string[];

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

interface CountingSession {
  prepareQuery: (query: { sql: string }, ...rest: unknown[]) => unknown;
}

/**
 * Records the statements each transaction of `db` sends, on either driver: every statement Drizzle runs
 * inside a transaction goes through that transaction's own session, which is wrapped here (BEGIN is sent
 * before the work starts and COMMIT after it, so neither is counted). `stop` puts the database back.
 */
export function recordTransactions(db: Db) {
  const transactions: Transaction[] = [];
  const original = db.transaction;
  db.transaction = ((work: (tx: unknown) => Promise<unknown>, config?: unknown) =>
    original.call(
      db,
      (tx) => {
        const seen: Transaction = [];
        transactions.push(seen);
        const session = (tx as unknown as { session: CountingSession }).session;
        const prepare = session.prepareQuery;
        session.prepareQuery = (query, ...rest) => {
          // node-postgres sends COMMIT through the same session; PGlite does not.
          if (!TRANSACTION_CONTROL.test(query.sql)) seen.push(query.sql.replace(/\s+/g, ' '));
          return prepare.call(session, query, ...rest);
        };
        return work(tx);
      },
      config as never,
    )) as Db['transaction'];
  return {
    transactions,
    /** The one transaction that wrote into `table` (by its quoted name), among those recorded. */
    writing(table: string): Transaction {
      const found = transactions.filter((t) => t.some((s) => s.includes(`insert into "${table}"`)));
      if (found.length !== 1) throw new Error(`${found.length} transactions wrote into ${table}`);
      return found[0]!;
    },
    clear() {
      transactions.length = 0;
    },
    stop() {
      db.transaction = original;
    },
  };
}
