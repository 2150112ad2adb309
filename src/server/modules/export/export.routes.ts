import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { exportArchive } from './export.archive';
import { collectExport } from './export.collect';

/** GET /api/me/export: everything Pact holds about the user, as one zip streamed to the browser. */
export const exportRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>().use(requireSession(deps)).get('/', async (c) => {
    const actor = c.get('actor');
    await deps.limits.hit('exportByAccount', actor.id);
    // The account and the pairs are read before the first byte leaves (a failure there is still a proper
    // answer); the tables' rows and the files are read a page at a time as the archive is written.
    const entries = await collectExport(deps.db, actor.id);
    if (!entries) throw notFound('Account not found');
    deps.log.info({ userId: actor.id }, 'data export');
    const day = deps.clock().toISOString().slice(0, 10);
    const stream = Readable.toWeb(exportArchive(deps, actor.id, entries)) as ReadableStream<Uint8Array>;
    return c.body(stream, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="pact-export-${day}.zip"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
