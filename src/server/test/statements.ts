import type { Db } from '../db/client';

/** The statements one transaction sent, in order (BEGIN, COMMIT and savepoints are not among them). */
export type Transaction = string[];

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

type Query = (statement: string | { text: string; name?: string }, ...rest: unknown[]) => unknown;

/**
 * Records the statements each transaction of `db` sends, on either driver, prepared or not: every
 * statement inside a transaction goes to that transaction's own connection (a pooled client on
 * PostgreSQL, PGlite's transaction), whose `query` is wrapped while the work runs (BEGIN is sent before
 * and COMMIT after, so neither is counted). `stop` puts the database back.
 */
export function recordTransactions(db: Db) {
  const transactions: Transaction[] = [];
  const names = new WeakMap<Transaction, (string | null)[]>();
  const original = db.transaction;
  db.transaction = ((work: (tx: unknown) => Promise<unknown>, config?: unknown) =>
    original.call(
      db,
      async (tx) => {
        const seen: Transaction = [];
        const named: (string | null)[] = [];
        transactions.push(seen);
        names.set(seen, named);
        const client = (tx as unknown as { session: { client: { query: Query } } }).session.client;
        const query = client.query;
        client.query = function (this: unknown, statement, ...rest) {
          const text = typeof statement === 'string' ? statement : statement.text;
          if (!TRANSACTION_CONTROL.test(text)) {
            seen.push(text.replace(/\s+/g, ' '));
            named.push(typeof statement === 'string' ? null : (statement.name ?? null));
          }
          return query.call(this, statement, ...rest);
        };
        try {
          return await work(tx);
        } finally {
          client.query = query;
        }
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
    /** The name each statement of `transaction` was sent under (PostgreSQL), null for one sent unnamed. */
    namesOf(transaction: Transaction) {
      return names.get(transaction) ?? [];
    },
    clear() {
      transactions.length = 0;
    },
    stop() {
      db.transaction = original;
    },
  };
}
