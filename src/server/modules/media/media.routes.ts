import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { idParam } from '@/shared/schemas/common';
import { mediaUploadQuery } from '@/shared/schemas/tasks';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireSession } from '../../auth/session';
import { AppError, errorBody } from '../../http/errors';
import { validate } from '../../http/validate';
import { AUDIO_MAX_BYTES, PHOTO_MAX_BYTES } from '../../media/process';
import { type MediaDeps, readMedia, uploadMedia } from './media.service';

const limit = (maxSize: number, what: string) =>
  bodyLimit({
    maxSize,
    // The refused body is not read: the connection cannot carry another request, so say it closes
    // (else a client reuses it and its next request fails with "other side closed").
    onError: (c) =>
      c.json(errorBody('PAYLOAD_TOO_LARGE', `${what} is too large`), 413, { Connection: 'close' }),
  });

/** Uploads are raw bodies (so the browser can report progress); their type is checked by their bytes. */
function declaredType(prefix: 'image/' | 'audio/', contentType: string | undefined) {
  const type = (contentType ?? '').toLowerCase();
  if (
    !type.startsWith(prefix) &&
    !type.startsWith('application/octet-stream') &&
    !type.startsWith('video/webm')
  ) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      prefix === 'image/' ? 'Please select an image file' : 'Please record or select an audio file',
    );
  }
}

async function readBody(req: Request) {
  const body = Buffer.from(await req.arrayBuffer());
  if (body.length === 0) throw new AppError(400, 'VALIDATION_ERROR', 'The file is empty');
  return body;
}

/** /api/media: private files of a pair. */
export const mediaRoutes = (deps: MediaDeps & { auth: Auth }) =>
  new Hono<AppEnv>()
    .use(requireSession(deps.auth))
    .post('/photo', limit(PHOTO_MAX_BYTES, 'Photo'), validate('query', mediaUploadQuery), async (c) => {
      declaredType('image/', c.req.header('Content-Type'));
      const { partnerId } = c.req.valid('query');
      const media = await uploadMedia(deps, c.var.actor, {
        partnerId,
        kind: 'photo',
        body: await readBody(c.req.raw),
      });
      return c.json({ media }, 201);
    })
    .post('/audio', limit(AUDIO_MAX_BYTES, 'Voice note'), validate('query', mediaUploadQuery), async (c) => {
      declaredType('audio/', c.req.header('Content-Type'));
      const { partnerId, durationMs } = c.req.valid('query');
      if (durationMs === undefined) {
        throw new AppError(400, 'VALIDATION_ERROR', 'The length of the recording is required');
      }
      const body = await readBody(c.req.raw);
      const media = await uploadMedia(deps, c.var.actor, { partnerId, kind: 'audio', body, durationMs });
      return c.json({ media }, 201);
    })
    .get('/:id', validate('param', idParam), async (c) => {
      const { row, data } = await readMedia(deps, c.var.actor, c.req.valid('param').id);
      return c.body(new Uint8Array(data), 200, {
        'Content-Type': row.mime,
        'Content-Length': String(data.length),
        'Cache-Control': 'private, max-age=3600',
        'Content-Disposition': 'inline',
      });
    });
