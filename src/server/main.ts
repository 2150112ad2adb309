import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createServices } from './bootstrap';
import { ConfigError, loadConfig } from './env';
import { lazyDrawer, type PageDrawer } from './http/drawn-pages';
import { createLogger } from './logger';
import { projectPath } from './paths';

async function main() {
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
  // The signed-in pages' server renderer, bundled by the build with its own React (decision 033).
  const rendererFile = projectPath('dist/render/server-render.js');
  const drawer = existsSync(rendererFile)
    ? lazyDrawer(() => import(pathToFileURL(rendererFile).href) as Promise<PageDrawer>, log)
    : null;
  const app = createApp(services, { webRoot: projectPath('dist/web'), drawer });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
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
  }) as Server;
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
