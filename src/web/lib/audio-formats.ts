/**
 * Audio recording formats and limits for voice notes (spec 2, sections 4 and 9). Pure functions only, so
 * they can be unit tested outside the browser.
 */

/** The recording formats to try, best first: webm opus, webm, ogg opus, ogg, mp4 aac, mp4, aac. */
export const PREFERRED_AUDIO_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/ogg',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/aac',
] as const;

/** A voice recording stops by itself after one minute. */
export const MAX_RECORDING_MS = 60_000;

/** The seek step of a voice note, in seconds. */
export const VOICE_SEEK_STEP = 0.1;

/**
 * The first preferred type the recorder supports (pass `MediaRecorder.isTypeSupported`), or null when
 * none is, in which case the browser's default should be used. A checker that throws counts as "no".
 */
export function pickAudioType(isSupported: (type: string) => boolean): string | null {
  for (const type of PREFERRED_AUDIO_TYPES) {
    try {
      if (isSupported(type)) return type;
    } catch {
      // An odd browser rejecting the question is the same as not supporting the type.
    }
  }
  return null;
}

/** The MIME type without its parameters: 'audio/webm;codecs=opus' gives 'audio/webm'. */
export function baseMimeType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** Milliseconds as m:ss, rounded down to the second: 7000 gives "0:07", 60000 gives "1:00". */
export function formatDuration(ms: number): string {
  const totalSeconds = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
