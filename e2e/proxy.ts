import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * A reverse proxy in front of the app, as nginx is in production, that can be told to answer 502 (as it
 * does while the app restarts) and to drop the event streams it carries.
 */
export async function startProxy(target: URL) {
  let failing = false;
  const refused = new Map<string, number>();
  const streams = new Set<Duplex>();
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    const isStream = pathname === '/api/events';
    if (failing) {
      refused.set(pathname, (refused.get(pathname) ?? 0) + 1);
      res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
    if (isStream) {
      streams.add(res.socket!);
      res.on('close', () => streams.delete(res.socket!));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://localhost:${port}`,
    openStreams: () => streams.size,
    refusedStreams: () => refused.get('/api/events') ?? 0,
    /** How many requests for this path were answered 502. */
    refused: (pathname: string) => refused.get(pathname) ?? 0,
    /** Starts answering 502 and cuts the streams in flight. */
    fail() {
      failing = true;
      for (const socket of streams) socket.destroy();
    },
    recover() {
      failing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections and the open stream would hold the close for ever.
        server.closeAllConnections();
      }),
  };
}
