import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { CONTRACT_TEXT_MAX } from '@/shared/domain/contracts';
import type { AppEnv } from './auth/session';
import type { Services } from './bootstrap';
import type { AppDeps } from './deps';
import { compressJson } from './http/compression';
import { errorBody, handleError } from './http/errors';
import { writeGuard } from './http/guards';
import { securityHeaderRecord, securityHeaders } from './http/security-headers';
import { mountWebApp, type WebAppOptions } from './http/web-app';
import { authRoutes, meRoutes } from './modules/accounts/accounts.routes';
import { passkeyAuthRoutes, passkeyRoutes } from './modules/accounts/passkeys.routes';
import { aftercareRoutes } from './modules/aftercare/aftercare.routes';
import { appLockRoutes } from './modules/app-lock/app-lock.routes';
import { avatarRoutes, myAvatarRoutes } from './modules/avatars/avatars.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { checkinRoutes } from './modules/checkins/checkins.routes';
import { contractRoutes } from './modules/contracts/contracts.routes';
import { exportRoutes } from './modules/export/export.routes';
import { journalRoutes } from './modules/journal/journal.routes';
import { keyRoutes } from './modules/keys/keys.routes';
import { limitsRoutes } from './modules/limits/limits.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { negotiationRoutes } from './modules/negotiation/negotiation.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { pairRoutes } from './modules/pairs/pairs.routes';
import { blockRoutes, partnerRoutes, requestRoutes, userRoutes } from './modules/partners/partners.routes';
import { permissionRoutes } from './modules/permissions/permissions.routes';
import { pointsRoutes, redemptionsRoutes, rewardsRoutes } from './modules/points/points.routes';
import { punishmentRoutes } from './modules/punishments/punishments.routes';
import { pushRoutes } from './modules/push/push.routes';
import { recordRoutes } from './modules/record/record.routes';
import { ritualsRoutes } from './modules/rituals/rituals.routes';
import { infractionRoutes } from './modules/rules/infractions.routes';
import { rulesRoutes } from './modules/rules/rules.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { stopRoutes } from './modules/stops/stops.routes';
import { stopPairs } from './modules/stops/stops.service';
import { historyRoutes, taskRoutes } from './modules/tasks/tasks.routes';
import { weeksRoutes } from './modules/weeks/weeks.routes';
import { eventRoutes } from './realtime/events.routes';

/** Raw-body upload routes: the only writes that are not JSON. */
export const isUpload = (method: string, path: string) =>
  method === 'POST' &&
  (path === '/api/media/photo' || path === '/api/media/audio' || path === '/api/me/avatar');

/** JSON bodies are small; uploads get their own limits on their own routes. */
const JSON_BODY_LIMIT = 64 * 1024;
/**
 * The contract's text routes carry up to CONTRACT_TEXT_MAX characters: 4 bytes each in UTF-8 at most (a
 * character of a non-Latin script is 3, an emoji's two UTF-16 units 4), plus the JSON around them
 * (decision 038). 50,000 characters of Japanese are 150 kB, which the 64 kB limit refused as too large.
 */
export const CONTRACT_BODY_LIMIT = CONTRACT_TEXT_MAX * 4 + 16 * 1024;
const isContractText = (method: string, path: string) =>
  (method === 'PUT' || method === 'POST') && /^\/api\/contracts\/[^/]+\/(content|template)$/.test(path);

export function createApi(deps: AppDeps & Pick<Services, 'database'>) {
  return (
    new Hono<AppEnv>()
      .basePath('/api')
      .get('/health', async (c) => {
        const ok = await deps.database.ping();
        return ok
          ? c.json({ status: 'ok' as const, database: deps.database.kind }, 200)
          : c.json(errorBody('UNAVAILABLE', 'Database connection issue detected'), 503);
      })
      .route('/auth/passkey', passkeyAuthRoutes(deps))
      .route('/auth', authRoutes(deps))
      .route('/me', meRoutes(deps))
      .route('/me/avatar', myAvatarRoutes(deps))
      .route('/me/export', exportRoutes(deps))
      .route('/me/passkeys', passkeyRoutes(deps))
      .route('/me/lock', appLockRoutes(deps))
      .route('/keys', keyRoutes(deps))
      // After meRoutes, whose GET / answers visitors: these need a session.
      .route('/me', settingsRoutes(deps))
      .route('/users', userRoutes(deps))
      .route('/avatars', avatarRoutes(deps))
      .route('/partners', partnerRoutes(deps))
      .route('/partner-requests', requestRoutes(deps))
      .route('/blocks', blockRoutes(deps))
      .route('/notifications', notificationRoutes(deps))
      .route('/pairs', pairRoutes(deps))
      .route('/tasks', taskRoutes(deps))
      .route('/task-completions', historyRoutes(deps))
      .route('/punishments', punishmentRoutes(deps))
      .route('/journal/messages', journalRoutes(deps))
      .route('/media', mediaRoutes(deps))
      .route('/events', eventRoutes(deps))
      .route('/contracts', contractRoutes(deps))
      .route('/push', pushRoutes(deps))
      .route('/stops', stopRoutes(deps))
      .route('/checkins', checkinRoutes(deps, stopPairs))
      .route('/aftercare', aftercareRoutes(deps))
      .route('/limits', limitsRoutes(deps))
      .route('/negotiation', negotiationRoutes(deps))
      .route('/record', recordRoutes(deps))
      .route('/rules', rulesRoutes(deps))
      .route('/infractions', infractionRoutes(deps))
      .route('/points', pointsRoutes(deps))
      .route('/rewards', rewardsRoutes(deps))
      .route('/redemptions', redemptionsRoutes(deps))
      .route('/weeks', weeksRoutes(deps))
      .route('/permission-requests', permissionRoutes(deps))
      .route('/rituals', ritualsRoutes(deps))
      .route('/calendar', calendarRoutes(deps))
  );
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(
  services: Services,
  opts: { web?: Omit<WebAppOptions, 'fetch' | 'log' | 'now'> | null } = {},
) {
  const { log, config } = services;
  const app = new Hono();

  // Every request's line at level info; a server set quieter (warn and above) does not time or log each
  // request, nor pay a layer for it (decision 045).
  if (log.isLevelEnabled('info')) {
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
  }
  const https = config.appUrl.startsWith('https://');
  app.use(securityHeaders({ https }));
  app.use('/api/*', compressJson({ headers: securityHeaderRecord({ https }) }));
  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      // The refused body is not read: close the connection, or the client's next request on it fails.
      onError: (c) =>
        c.json(errorBody('PAYLOAD_TOO_LARGE', 'Request body is too large'), 413, { Connection: 'close' }),
    });
  const jsonLimit = limitOf(JSON_BODY_LIMIT);
  const contractLimit = limitOf(CONTRACT_BODY_LIMIT);
  const guard = writeGuard(new URL(config.appUrl).origin, isUpload);
  // The body limit, then the write guard, in one layer. Uploads carry their own, larger limits on their
  // routes. A GET or HEAD has no body Pact reads and is no write: asking would build the whole request
  // object on every read to learn so, and each layer is a step of every request (decision 045).
  app.use('/api/*', (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const guarded = async () => {
      await guard(c, next);
    };
    if (isUpload(method, c.req.path)) return guarded();
    return (isContractText(method, c.req.path) ? contractLimit : jsonLimit)(c, guarded);
  });
  app.route('/', createApi(services));
  // Any other API path: answered here, not thrown (no error made for an answer known in advance).
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', 'Not found'), 404));
  // Static files the build did not compress ahead; the API compresses its own JSON (above) and never
  // reaches this layer, whose routes come after the API's.
  app.use(compress());

  if (opts.web)
    mountWebApp(app, {
      now: () => services.clock().getTime(),
      appOrigin: new URL(config.appUrl).origin,
      ...opts.web,
      fetch: app.fetch,
      log,
    });

  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'Not found'), 404));
  app.onError((error, c) => handleError(error, c, log));
  return app;
}
