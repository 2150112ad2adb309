import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open: longer than the idle limit of the clients and proxies
 * in front (60 s for most load balancers and for nginx's upstream connections). Node's own 5 s closed
 * connections while a client was sending on them: the client saw a reset (ECONNRESET), a proxy answered 502.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Keeps idle connections open for `KEEP_ALIVE_MS`; the time to receive headers stays above it, as Node asks. */
export function keepConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
