import { NodePgSession } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isConnectionFailure } from './errors';

/**
 * Drizzle (0.45) takes a pooled client for a transaction and sends BEGIN before the try whose finally
 * releases it: when BEGIN fails because the connection died (a failover, a restart), the client is never
 * given back, and after `max` such failures the pool has nothing left to give, for good. Pact takes the
 * client itself, lets Drizzle run the transaction on it, and always gives it back, discarding it when
 * its connection failed.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema; the method is the same for every one
type Session = NodePgSession<any, any>;
type Internals = { client: pg.Pool | pg.PoolClient; dialect: never; schema: never; options: never };

const drizzleTransaction = NodePgSession.prototype.transaction;

NodePgSession.prototype.transaction = async function transaction(
  this: Session,
  run: Parameters<Session['transaction']>[0],
  config?: Parameters<Session['transaction']>[1],
) {
  const self = this as unknown as Internals;
  if (!(self.client instanceof pg.Pool)) return drizzleTransaction.call(this, run, config);
  const held = await self.client.connect();
  let broken: Error | undefined;
  try {
    // On a single client Drizzle neither takes nor releases anything.
    const session = new NodePgSession(held, self.dialect, self.schema, self.options);
    return await drizzleTransaction.call(session as unknown as Session, run, config);
  } catch (error) {
    if (isConnectionFailure(error)) broken = error as Error;
    throw error;
  } finally {
    held.release(broken);
  }
} as Session['transaction'];
