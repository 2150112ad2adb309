import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import { audioUploadQuery, photoUploadQuery } from '@/shared/schemas/media';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { validate } from '../../http/validate';
import { AUDIO_MAX_BYTES, PHOTO_MAX_BYTES } from '../../media/process';
import { readMedia, uploadMedia } from './media.service';

/** A body too large to accept: the rest of it is not read, so the connection cannot carry another request. */
const tooLarge = (what: string) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `${what} is too large`, undefined, { Connection: 'close' });

/** Refuses at once a body whose declared length is over the limit (before anything else is decided). */
function checkDeclaredLength(req: Request, maxBytes: number, what: string) {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(what);
}

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

/**
 * Reads an upload, streaming, up to `maxBytes`: called only once the right to upload is established, so a
 * stranger's body is never read.
 */
async function readBody(req: Request, maxBytes: number, what: string) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge(what);
      }
      chunks.push(value);
    }
  }
  if (size === 0) throw new AppError(400, 'VALIDATION_ERROR', 'The file is empty');
  return Buffer.concat(chunks, size);
}

/** /api/media: private files of a pair. */
export const mediaRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .post('/photo', validate('query', photoUploadQuery), async (c) => {
      checkDeclaredLength(c.req.raw, PHOTO_MAX_BYTES, 'Photo');
      declaredType('image/', c.req.header('Content-Type'));
      const { partnerId } = c.req.valid('query');
      const media = await uploadMedia(deps, c.var.actor, {
        partnerId,
        kind: 'photo',
        read: () => readBody(c.req.raw, PHOTO_MAX_BYTES, 'Photo'),
      });
      return c.json({ media }, 201);
    })
    .post('/audio', validate('query', audioUploadQuery), async (c) => {
      checkDeclaredLength(c.req.raw, AUDIO_MAX_BYTES, 'Voice note');
      declaredType('audio/', c.req.header('Content-Type'));
      const { partnerId, durationMs } = c.req.valid('query');
      const read = () => readBody(c.req.raw, AUDIO_MAX_BYTES, 'Voice note');
      const media = await uploadMedia(deps, c.var.actor, { partnerId, kind: 'audio', read, durationMs });
      return c.json({ media }, 201);
    })
    .get('/:id', validate('param', idParam), async (c) => {
      const { row, data } = await readMedia(deps, c.var.actor, c.req.valid('param'));
      return c.body(new Uint8Array(data), 200, {
        'Content-Type': row.mime,
        'Content-Length': String(data.length),
        // Never kept by the browser: after logout on a shared device nothing private is left in its cache.
        'Cache-Control': 'private, no-store',
        'Content-Disposition': 'inline',
      });
    });
