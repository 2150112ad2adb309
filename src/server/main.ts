import { existsSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createServices } from './bootstrap';
import { ConfigError, loadConfig } from './env';
import { keepConnections } from './http/keep-alive';
import { createLogger } from './logger';
import { projectPath } from './paths';

async function main() {
  // React and React Router pick their production builds by this, read when the web app's build is loaded;
  // `npm run dev` keeps their development builds.
  if (process.env.PACT_DEV !== '1') process.env.NODE_ENV ??= 'production';
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const services = await createServices(config, log);
  // The web app (decision 048): Vite's dev server under `npm run dev`, else the build; without a build the
  // server answers the API only.
  const serverBuild = projectPath('dist/web/server/index.js');
  const dev = process.env.PACT_DEV === '1' ? await (await import('./http/dev-web')).devWeb() : null;
  const web =
    dev?.web ??
    (existsSync(serverBuild)
      ? { clientDir: projectPath('dist/web/client'), build: await import(pathToFileURL(serverBuild).href) }
      : null);
  const app = createApp(services, { web });

  const server = serve(
    {
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      // Under `npm run dev`, Vite answers its own paths first.
      ...(dev
        ? {
            createServer: ((_options: unknown, listener: RequestListener) =>
              createHttpServer((req, res) => dev.inFront(req, res, listener))) as never,
          }
        : {}),
    },
    (info) => {
      log.info(
        {
          port: info.port,
          url: config.appUrl,
          database: services.database.kind,
          mail: config.smtpUrl ? 'smtp' : 'outbox',
          media: config.mediaStorage,
          startupMs: Math.round(performance.now() - startedAt),
        },
        `Pact is ready at ${config.appUrl}`,
      );
    },
  ) as Server;
  keepConnections(server);
  server.on('error', (error: NodeJS.ErrnoException) => {
    log.fatal(
      { err: error },
      error.code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use: set PORT to a free port`
        : 'server error',
    );
    process.exit(1);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await services.closeRealtime();
    server.closeIdleConnections();
    // Long-lived connections (event streams) do not end by themselves.
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
    await closed;
    // Mails and pushes due now leave; what is left stays in the outbox for the next start (decision 037).
    await services.outbox.drain(5_000);
    services.push.delivery.close();
    await services.outbox.close();
    services.mailer.close();
    await services.database.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error('Pact failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
