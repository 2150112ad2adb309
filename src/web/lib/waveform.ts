/**
 * A voice note's waveform (issue 26 part 5): the loudness of `bars` equal slices of the recording, each
 * 0..1 relative to the loudest, drawn behind the player's seek bar. Computed in the browser from the file it
 * already holds; nothing is sent or stored.
 */
export const WAVEFORM_BARS = 40;
/** The lowest a bar is drawn, so that a silence still shows where it is. */
export const WAVEFORM_FLOOR = 0.08;

/** Root-mean-square loudness of each of `bars` slices of `samples`, scaled so the loudest is 1. */
export function peaksOf(samples: Float32Array, bars = WAVEFORM_BARS): number[] {
  if (bars <= 0) return [];
  const size = samples.length / bars;
  const levels = Array.from({ length: bars }, (_, bar) => {
    const start = Math.floor(bar * size);
    const end = Math.max(start + 1, Math.floor((bar + 1) * size));
    let sum = 0;
    let n = 0;
    for (let i = start; i < end && i < samples.length; i++) {
      const s = samples[i] ?? 0;
      sum += s * s;
      n++;
    }
    return n === 0 ? 0 : Math.sqrt(sum / n);
  });
  const loudest = Math.max(...levels);
  return levels.map((level) => (loudest > 0 ? Math.max(WAVEFORM_FLOOR, level / loudest) : WAVEFORM_FLOOR));
}

/**
 * Decodes a recording (any format the browser plays) and answers its waveform, or null where the browser
 * cannot decode it: the player then shows its plain seek bar.
 */
export async function waveformOf(blob: Blob, bars = WAVEFORM_BARS): Promise<number[] | null> {
  if (typeof OfflineAudioContext === 'undefined') return null;
  try {
    const context = new OfflineAudioContext(1, 1, 8000);
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    return peaksOf(audio.getChannelData(0), bars);
  } catch {
    return null;
  }
}
