import type { NodePgSession } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isConnectionFailure } from './errors';

const installed = Symbol('pact.releaseClientsOfFailedTransactions');

/**
 * Drizzle (0.45) takes a pooled client for a transaction and sends BEGIN before the try whose finally
 * releases it: when BEGIN fails because the connection died (a failover, a restart), the client is never
 * given back, and after `max` such failures the pool has nothing left to give, for good. Pact takes the
 * client itself, lets Drizzle run the transaction on it, and always gives it back, discarding it when
 * its connection failed.
 *
 * The driver's classes are passed in rather than imported, so that only a server on PostgreSQL loads them
 * (client.ts imports them when it opens a PostgreSQL database). Installing twice changes nothing.
 */
export function releaseClientsOfFailedTransactions(Session: typeof NodePgSession, Pool: typeof pg.Pool) {
  type Self = NodePgSession<never, never>;
  type Internals = { client: pg.Pool | pg.PoolClient; dialect: never; schema: never; options: never };
  const proto = Session.prototype as Self & { [installed]?: true };
  if (proto[installed]) return;
  proto[installed] = true;
  const drizzleTransaction = proto.transaction;

  proto.transaction = async function transaction(
    this: Self,
    run: Parameters<Self['transaction']>[0],
    config?: Parameters<Self['transaction']>[1],
  ) {
    const self = this as unknown as Internals;
    if (!(self.client instanceof Pool)) return drizzleTransaction.call(this, run, config);
    const held = await self.client.connect();
    let broken: Error | undefined;
    try {
      // On a single client Drizzle neither takes nor releases anything.
      const session = new Session(held, self.dialect, self.schema, self.options);
      return await drizzleTransaction.call(session as unknown as Self, run, config);
    } catch (error) {
      if (isConnectionFailure(error)) broken = error as Error;
      throw error;
    } finally {
      held.release(broken);
    }
  } as Self['transaction'];
}
