import { useEffect, useState } from 'react';
import { waveformOf } from '@/web/lib/waveform';

/** The waveform of `blob`, the recording the player fetched, or null until and unless it is known. */
export function useWaveform(blob: Blob | null): number[] | null {
  const [peaks, setPeaks] = useState<{ blob: Blob; peaks: number[] } | null>(null);
  useEffect(() => {
    if (!blob) return;
    let live = true;
    void waveformOf(blob).then((found) => {
      if (live && found) setPeaks({ blob, peaks: found });
    });
    return () => {
      live = false;
    };
  }, [blob]);
  return peaks && peaks.blob === blob ? peaks.peaks : null;
}

/**
 * The bars behind the seek bar: played bars in the primary colour, the rest muted. Drawn only; the range
 * input above it is what a keyboard, a screen reader and a finger use.
 */
export function WaveformBars({ peaks, played }: { peaks: number[]; played: number }) {
  const width = peaks.length * 3;
  return (
    <svg
      data-testid="voice-waveform"
      aria-hidden
      viewBox={`0 0 ${width} 20`}
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 h-full w-full"
    >
      {peaks.map((peak, i) => {
        const h = Math.max(1.5, peak * 18);
        const done = (i + 0.5) / peaks.length <= played;
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: the bars are a fixed row, in order.
            key={i}
            x={i * 3 + 0.5}
            y={(20 - h) / 2}
            width={2}
            height={h}
            rx={1}
            data-played={done ? '' : undefined}
            className={done ? 'fill-primary' : 'fill-muted-foreground/50'}
          />
        );
      })}
    </svg>
  );
}
