import { AppError } from '../http/errors';

// The image and audio libraries load on the first upload, not at start: most requests never need them.
const loadSharp = async () => (await import('sharp')).default;
const loadParser = async () => (await import('music-metadata')).parseBuffer;

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Longest side of a stored photo: plenty for proof, small enough to load on a phone. */
export const PHOTO_MAX_SIDE = 2048;
export const AUDIO_MAX_BYTES = 3 * 1024 * 1024;
export const AUDIO_MAX_MS = 60_000;

const ACCEPTED_IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

const notAnImage = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please select an image file');

/**
 * Checks a photo by its bytes (never its name or declared type) and re-encodes it: orientation is applied,
 * and every piece of metadata (EXIF, GPS, XMP, ICC) is dropped, because sharp writes none unless asked.
 */
export async function processPhoto(
  input: Buffer,
): Promise<{ data: Buffer; mime: 'image/jpeg'; extension: 'jpg' }> {
  if (input.length > PHOTO_MAX_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Photo is too large (10 MB at most)');
  }
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata()).format;
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Photo has too many pixels (40 megapixels at most)');
    }
    throw notAnImage();
  }
  if (!format || !ACCEPTED_IMAGE_FORMATS.has(format)) throw notAnImage();
  try {
    const data = await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { data, mime: 'image/jpeg', extension: 'jpg' };
  } catch {
    throw notAnImage();
  }
}

/** The spec's audio formats, recognised by their first bytes. */
function sniffAudio(b: Buffer): { mime: string; extension: string } | null {
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    return { mime: 'audio/webm', extension: 'webm' };
  }
  if (b.subarray(0, 4).toString('latin1') === 'OggS') return { mime: 'audio/ogg', extension: 'ogg' };
  if (b.length >= 12 && b.subarray(4, 8).toString('latin1') === 'ftyp')
    return { mime: 'audio/mp4', extension: 'm4a' };
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xf6) === 0xf0)
    return { mime: 'audio/aac', extension: 'aac' };
  return null;
}

/**
 * Checks a voice note: a known container by its bytes, a size limit, and at most 60 seconds. The length
 * the recorder reports is required; when the file itself states a longer one, the file wins.
 */
export async function processAudio(input: Buffer, declaredMs: number) {
  if (input.length > AUDIO_MAX_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Voice note is too large (3 MB at most)');
  }
  const kind = sniffAudio(input);
  if (!kind) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please record or select an audio file');
  let durationMs = declaredMs;
  try {
    const parseBuffer = await loadParser();
    const parsed = await parseBuffer(input, { mimeType: kind.mime }, { duration: false, skipCovers: true });
    const seconds = parsed.format.duration;
    if (seconds !== undefined && Number.isFinite(seconds))
      durationMs = Math.max(durationMs, Math.round(seconds * 1000));
  } catch {
    // Recorders often write streams without a stated length: the declared length stands.
  }
  if (durationMs > AUDIO_MAX_MS + 500) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Maximum recording time of 1 minute reached.');
  }
  return { data: input, mime: kind.mime, extension: kind.extension, durationMs };
}
