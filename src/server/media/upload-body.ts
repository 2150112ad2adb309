import { invalid, payloadTooLarge, unsupportedMediaType } from '../http/errors';

/** A body too large to accept: the rest of it is not read, so the connection cannot carry another request. */
export const tooLargeBody = (message: string) =>
  payloadTooLarge(message, { headers: { Connection: 'close' } });

/** Refuses at once a body whose declared length is over the limit (before anything else is decided). */
export function checkDeclaredLength(req: Request, maxBytes: number, message: string) {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLargeBody(message);
}

/** Uploads are raw bodies (so the browser can report progress); their type is checked by their bytes. */
export function checkDeclaredType(prefix: 'image/' | 'audio/', contentType: string | undefined) {
  const type = (contentType ?? '').toLowerCase();
  if (
    !type.startsWith(prefix) &&
    !type.startsWith('application/octet-stream') &&
    !type.startsWith('video/webm')
  ) {
    throw unsupportedMediaType(
      prefix === 'image/' ? 'Please select an image file' : 'Please record or select an audio file',
    );
  }
}

/**
 * Reads an upload, streaming, up to `maxBytes`: called only once the right to upload is established, so a
 * stranger's body is never read.
 */
export async function readBody(req: Request, maxBytes: number, message: string) {
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
        throw tooLargeBody(message);
      }
      chunks.push(value);
    }
  }
  if (size === 0) throw invalid('The file is empty');
  return Buffer.concat(chunks, size);
}
