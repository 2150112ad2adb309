import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { isAppRoute } from '@/shared/routes';
import type { AppEnv } from './auth/session';
import type { Services } from './bootstrap';
import type { AppDeps } from './deps';
import { compressJson } from './http/compression';
import { AppError, errorBody, handleError } from './http/errors';
import { writeGuard } from './http/guards';
import { securityHeaders } from './http/security-headers';
import { authRoutes, meRoutes } from './modules/accounts/accounts.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { pairRoutes } from './modules/pairs/pairs.routes';
import { blockRoutes, partnerRoutes, requestRoutes, userRoutes } from './modules/partners/partners.routes';
import { historyRoutes, taskRoutes } from './modules/tasks/tasks.routes';
import { eventRoutes } from './realtime/events.routes';

/** Raw-body upload routes: the only writes that are not JSON. */
export const isUpload = (method: string, path: string) =>
  method === 'POST' && (path === '/api/media/photo' || path === '/api/media/audio');

/** JSON bodies are small; uploads get their own limits on their own routes. */
const JSON_BODY_LIMIT = 64 * 1024;

export function createApi(deps: AppDeps & Pick<Services, 'database'>) {
  return new Hono<AppEnv>()
    .basePath('/api')
    .get('/health', async (c) => {
      const ok = await deps.database.ping();
      return ok
        ? c.json({ status: 'ok' as const, database: deps.database.kind }, 200)
        : c.json(errorBody('UNAVAILABLE', 'Database connection issue detected'), 503);
    })
    .route('/auth', authRoutes(deps))
    .route('/me', meRoutes(deps))
    .route('/users', userRoutes(deps))
    .route('/partners', partnerRoutes(deps))
    .route('/partner-requests', requestRoutes(deps))
    .route('/blocks', blockRoutes(deps))
    .route('/notifications', notificationRoutes(deps))
    .route('/pairs', pairRoutes(deps))
    .route('/tasks', taskRoutes(deps))
    .route('/task-completions', historyRoutes(deps))
    .route('/media', mediaRoutes(deps))
    .route('/events', eventRoutes(deps));
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(services: Services, opts: { webRoot?: string | null } = {}) {
  const { log, config } = services;
  const app = new Hono();

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // Path only: query strings may carry tokens.
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(securityHeaders({ https: config.appUrl.startsWith('https://') }));
  app.use('/api/*', compressJson());
  // Static files the build did not compress ahead (the API compresses its own JSON, above).
  const compressor = compress();
  app.use((c, next) => (c.req.path.startsWith('/api/') ? next() : compressor(c, next)));
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    // The refused body is not read: close the connection, or the client's next request on it fails.
    onError: (c) =>
      c.json(errorBody('PAYLOAD_TOO_LARGE', 'Request body is too large'), 413, { Connection: 'close' }),
  });
  // Uploads carry their own, larger limits on their routes.
  app.use('/api/*', (c, next) => (isUpload(c.req.method, c.req.path) ? next() : jsonLimit(c, next)));
  app.use('/api/*', writeGuard(new URL(config.appUrl).origin, isUpload));
  app.route('/', createApi(services));
  app.all('/api/*', () => {
    throw new AppError(404, 'NOT_FOUND', 'Not found');
  });

  const webRoot = opts.webRoot;
  if (webRoot && existsSync(path.join(webRoot, 'index.html'))) {
    const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    const root = path.relative(process.cwd(), webRoot) || '.';
    // Source maps stay on the server (for reading its own stack traces), never in browsers.
    app.get('*', (c, next) => (c.req.path.endsWith('.map') ? c.notFound() : next()));
    app.use(
      '/assets/*',
      async (c, next) => {
        await next();
        if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
      serveStatic({ root }),
    );
    app.use(
      '*',
      async (c, next) => {
        await next();
        if (c.res.ok && !c.res.headers.has('Cache-Control'))
          c.header('Cache-Control', 'public, max-age=3600');
      },
      serveStatic({ root, rewriteRequestPath: (p) => (p === '/' || p === '/index.html' ? '/__none__' : p) }),
    );
    // The app's own routes render with a 200; any other path renders the 404 page with a 404.
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml, isAppRoute(c.req.path) ? 200 : 404);
    });
  }

  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'Not found'), 404));
  app.onError((error, c) => handleError(error, c, log));
  return app;
}
