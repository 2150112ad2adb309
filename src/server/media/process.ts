import { AVATAR_MAX_BYTES, AVATAR_TEXT } from '@/shared/schemas/avatars';
import { invalid, payloadTooLarge, unsupportedMediaType } from '../http/errors';
import { webmAudioCodec } from './webm';
import { createWorkQueue } from './work-queue';

// The image and audio libraries load on the first upload, not at start: most requests never need them.
let sharpLoading: Promise<typeof import('sharp').default> | null = null;
/** Loaded once; one thread per image: with the queue below, photos use one core at most. */
const loadSharp = () =>
  (sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }));

/** Photos are processed one at a time, a few more may wait; the rest are asked to try again. */
const imageQueue = createWorkQueue({
  concurrency: 1,
  maxWaiting: 8,
  busyMessage: 'Too many photos are being processed right now. Please try again in a moment.',
});
const loadParser = async () => (await import('music-metadata')).parseBuffer;

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Longest side of a photo Pact decodes: no camera makes more, and a 1 x 40,000,000 image is an attack. */
export const PHOTO_MAX_INPUT_SIDE = 12_000;
/** Longest side of a stored photo: plenty for proof, small enough to load on a phone. */
export const PHOTO_MAX_SIDE = 2048;
export { AVATAR_MAX_BYTES } from '@/shared/schemas/avatars';
export const AVATAR_TOO_LARGE = AVATAR_TEXT.tooLarge;
/** Side of a stored profile picture: sharp on a high-density screen at the sizes Pact shows. */
export const AVATAR_SIDE = 512;
export const AUDIO_MAX_BYTES = 3 * 1024 * 1024;
export const AUDIO_MAX_MS = 60_000;

const ACCEPTED_IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

const notAnImage = () => unsupportedMediaType('Please select an image file');

type Sharp = Awaited<ReturnType<typeof loadSharp>>;

/**
 * Checks an image by its bytes (never its name or declared type) and re-encodes it with `encode`:
 * orientation is applied, and every piece of metadata (EXIF, GPS, XMP, ICC) is dropped, because sharp
 * writes none unless asked.
 */
async function reencodeImage(input: Buffer, encode: (image: ReturnType<Sharp>) => ReturnType<Sharp>) {
  const sharp = await loadSharp();
  return imageQueue.run(async () => {
    let meta: { format?: string; width?: number; height?: number };
    try {
      // The header only: cheap, and enough to refuse what would be costly to decode.
      meta = await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
    } catch (error) {
      if (/pixel limit/i.test(String((error as Error).message))) {
        throw payloadTooLarge('Photo has too many pixels (40 megapixels at most)');
      }
      throw notAnImage();
    }
    if (!meta.format || !ACCEPTED_IMAGE_FORMATS.has(meta.format)) throw notAnImage();
    if ((meta.width ?? 0) > PHOTO_MAX_INPUT_SIDE || (meta.height ?? 0) > PHOTO_MAX_INPUT_SIDE) {
      throw payloadTooLarge('Photo is too large (12,000 pixels a side at most)');
    }
    try {
      const image = sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, animated: false }).rotate();
      const data = await encode(image).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
      return { data, mime: 'image/jpeg' as const, extension: 'jpg' as const };
    } catch {
      throw notAnImage();
    }
  });
}

/** A photo of a pair: at most 2048 px a side, as JPEG without metadata. */
export async function processPhoto(
  input: Buffer,
): Promise<{ data: Buffer; mime: 'image/jpeg'; extension: 'jpg' }> {
  if (input.length > PHOTO_MAX_BYTES) {
    throw payloadTooLarge('Photo is too large (10 MB at most)');
  }
  return reencodeImage(input, (image) =>
    image.resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
  );
}

/** A profile picture (spec 2 §5): under 5 MB; cropped square from its centre, AVATAR_SIDE px, no metadata. */
export async function processAvatar(input: Buffer) {
  if (input.length > AVATAR_MAX_BYTES) throw payloadTooLarge(AVATAR_TOO_LARGE);
  return reencodeImage(input, (image) =>
    image.resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'centre' }),
  );
}

const notAudio = () => unsupportedMediaType('Please record or select an audio file');

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
    throw payloadTooLarge('Voice note is too large (3 MB at most)');
  }
  const kind = sniffAudio(input);
  if (!kind) throw notAudio();
  let durationMs = declaredMs;
  if (kind.mime === 'audio/webm') {
    // Browsers record WebM as a live stream that the general parser often refuses: read its tracks.
    if (!webmAudioCodec(input)) throw notAudio();
    return checkLength(input, kind, durationMs);
  }
  let format: Awaited<ReturnType<Awaited<ReturnType<typeof loadParser>>>>['format'];
  try {
    const parseBuffer = await loadParser();
    ({ format } = await parseBuffer(input, { mimeType: kind.mime }, { duration: false, skipCovers: true }));
  } catch {
    throw notAudio();
  }
  // The container must really hold an audio stream: a known codec with at least one channel. A file that
  // only starts like audio (its first bytes copied onto anything else) is refused.
  if (!format.hasAudio || !format.codec || !(format.numberOfChannels && format.numberOfChannels > 0)) {
    throw notAudio();
  }
  const seconds = format.duration;
  // Recorders often write streams without a stated length: then the declared length stands.
  if (seconds !== undefined && Number.isFinite(seconds))
    durationMs = Math.max(durationMs, Math.round(seconds * 1000));
  return checkLength(input, kind, durationMs);
}

function checkLength(input: Buffer, kind: { mime: string; extension: string }, durationMs: number) {
  if (durationMs > AUDIO_MAX_MS + 500) {
    throw invalid('Maximum recording time of 1 minute reached.');
  }
  return { data: input, mime: kind.mime, extension: kind.extension, durationMs };
}
