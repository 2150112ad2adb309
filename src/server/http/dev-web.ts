import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerBuild } from 'react-router';

/**
 * `npm run dev` (decision 048): the web app through Vite's dev server, in this process, behind the same Hono
 * server and the same request handler as in production. Vite answers its own paths (modules, hot reload,
 * the public files); every other request goes on to Hono, whose pages are rendered from the build Vite makes
 * of the route modules on demand, with the same loaders.
 */
export async function devWeb() {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const build = () =>
    vite.ssrLoadModule('virtual:react-router/server-build') as Promise<unknown> as Promise<ServerBuild>;
  const inFront = (
    req: IncomingMessage,
    res: ServerResponse,
    next: (req: IncomingMessage, res: ServerResponse) => void,
  ) => vite.middlewares(req, res, () => next(req, res));
  return {
    web: { clientDir: null, build, mode: 'development' as const },
    inFront,
    close: () => vite.close(),
  };
}
