import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import { audioUploadQuery, photoUploadQuery, proofKeepInput } from '@/shared/schemas/media';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { AUDIO_MAX_BYTES, PHOTO_MAX_BYTES } from '../../media/process';
import { checkDeclaredLength, checkDeclaredType, readBody } from '../../media/upload-body';
import { deleteProof } from './media.expiry';
import { readProofKeep, writeProofKeep } from './media.preferences';
import { readMedia, uploadMedia } from './media.service';

/** /api/media: private files of a pair. */
export const mediaRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .post('/photo', validate('query', photoUploadQuery), async (c) => {
      checkDeclaredLength(c.req.raw, PHOTO_MAX_BYTES, 'Photo is too large');
      checkDeclaredType('image/', c.req.header('Content-Type'));
      const { partnerId, keep } = c.req.valid('query');
      const media = await uploadMedia(deps, c.get('actor'), {
        partnerId,
        keep,
        kind: 'photo',
        read: () => readBody(c.req.raw, PHOTO_MAX_BYTES, 'Photo is too large'),
      });
      return c.json({ media }, 201);
    })
    .post('/audio', validate('query', audioUploadQuery), async (c) => {
      checkDeclaredLength(c.req.raw, AUDIO_MAX_BYTES, 'Voice note is too large');
      checkDeclaredType('audio/', c.req.header('Content-Type'));
      const { partnerId, durationMs, keep } = c.req.valid('query');
      const read = () => readBody(c.req.raw, AUDIO_MAX_BYTES, 'Voice note is too large');
      const media = await uploadMedia(deps, c.get('actor'), {
        partnerId,
        kind: 'audio',
        read,
        durationMs,
        keep,
      });
      return c.json({ media }, 201);
    })
    // The default keep-time of the proofs the user sends (decision 076), before `/:id`.
    .get('/keep', async (c) => c.json(await readProofKeep(deps, c.get('actor')), 200))
    .put('/keep', validate('json', proofKeepInput), async (c) =>
      c.json(await writeProofKeep(deps, c.get('actor'), c.req.valid('json')), 200),
    )
    // The sender deletes a file they sent before its time: its item shows "Proof deleted".
    .delete('/:id', validate('param', idParam), async (c) => {
      await deleteProof(deps, c.get('actor'), c.req.valid('param'));
      return c.json({ deleted: true as const }, 200);
    })
    .get('/:id', validate('param', idParam), async (c) => {
      const { row, data } = await readMedia(deps, c.get('actor'), c.req.valid('param'));
      return c.body(new Uint8Array(data), 200, {
        'Content-Type': row.mime,
        'Content-Length': String(data.length),
        // Never kept by the browser: after logout on a shared device nothing private is left in its cache.
        'Cache-Control': 'private, no-store',
        'Content-Disposition': 'inline',
      });
    });
