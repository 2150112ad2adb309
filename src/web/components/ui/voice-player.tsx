import { Loader2, Pause, Play } from 'lucide-react';
import { type ChangeEvent, type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import { formatDuration, VOICE_SEEK_STEP } from '@/web/lib/audio-formats';
import { cn } from '@/web/lib/cn';
import { useWaveform, WaveformBars } from './voice-waveform';

/** Over a waveform the range's track is clear and its thumb a thin bar, so the bars show through. */
const WAVEFORM_RANGE =
  'relative h-8 appearance-none bg-transparent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-slider-runnable-track]:bg-transparent [&::-webkit-slider-thumb]:h-7 [&::-webkit-slider-thumb]:w-1.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-foreground [&::-moz-range-thumb]:h-7 [&::-moz-range-thumb]:w-1.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-foreground [&::-moz-range-track]:bg-transparent';

export interface VoicePlayerProps {
  /** A blob: URL (played as is, never revoked here) or a same-origin API path such as /api/media/<id>. */
  src: string;
  /** A short visible title, also used as the accessible name of the player. */
  label?: string;
  /** The known length, shown while the browser cannot tell it (MediaRecorder webm files). */
  durationMs?: number | null;
}

/** `blob`: the file, when it was fetched here (a blob: URL given in cannot be read back: CSP's connect-src). */
type Source = { status: 'loading' } | { status: 'ready'; url: string; blob?: Blob } | { status: 'error' };

/** Plays a voice note with a play/pause button, a seek bar and the time. A new src starts a fresh player. */
export function VoicePlayer(props: VoicePlayerProps) {
  return <VoicePlayerInner key={props.src} {...props} />;
}

/** A blob: URL is played directly; anything else is fetched with the session cookie into a blob first. */
function usePlayableSource(src: string): Source {
  const isBlob = src.startsWith('blob:');
  const [source, setSource] = useState<Source>(() =>
    isBlob ? { status: 'ready', url: src } : { status: 'loading' },
  );

  useEffect(() => {
    if (isBlob) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    (async () => {
      try {
        const res = await fetch(src, { credentials: 'same-origin', signal: controller.signal });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const blob = await res.blob();
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSource({ status: 'ready', url: objectUrl, blob });
      } catch (err) {
        if (controller.signal.aborted) return;
        console.warn('Voice note could not be loaded', src, err);
        setSource({ status: 'error' });
      }
    })();
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, isBlob]);

  return source;
}

const finite = (n: number) => Number.isFinite(n) && n > 0;

function VoicePlayerInner({ src, label, durationMs }: VoicePlayerProps) {
  const source = usePlayableSource(src);
  const audioRef = useRef<HTMLAudioElement>(null);
  /** True while the Infinity-duration workaround has the audio parked at the far end. */
  const probingRef = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [current, setCurrent] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);

  const fallback = durationMs != null && durationMs > 0 ? durationMs / 1000 : null;
  const duration = mediaDuration ?? fallback ?? 0;

  // Stop the sound when the player goes away (or its audio element is replaced).
  const readyUrl = source.status === 'ready' ? source.url : null;
  useEffect(() => {
    const audio = readyUrl ? audioRef.current : null;
    return () => {
      audio?.pause();
    };
  }, [readyUrl]);

  const readDuration = useCallback((audio: HTMLAudioElement) => {
    if (finite(audio.duration)) setMediaDuration(audio.duration);
  }, []);

  const endProbe = useCallback(
    (audio: HTMLAudioElement) => {
      probingRef.current = false;
      readDuration(audio);
      audio.currentTime = 0;
      setCurrent(0);
    },
    [readDuration],
  );

  const onLoadedMetadata = (e: SyntheticEvent<HTMLAudioElement>) => {
    const audio = e.currentTarget;
    if (finite(audio.duration)) {
      setMediaDuration(audio.duration);
      return;
    }
    // MediaRecorder webm files have no duration in their header: seeking far past the end makes the
    // browser scan the file and report the real one through durationchange/timeupdate.
    probingRef.current = true;
    try {
      audio.currentTime = 1e101;
    } catch {
      probingRef.current = false;
    }
  };

  const onDurationOrTime = (e: SyntheticEvent<HTMLAudioElement>) => {
    const audio = e.currentTarget;
    if (probingRef.current) {
      if (finite(audio.duration)) endProbe(audio);
      return;
    }
    readDuration(audio);
    setCurrent(audio.currentTime);
  };

  const onMediaError = (e: SyntheticEvent<HTMLAudioElement>) => {
    const error = e.currentTarget.error;
    console.warn('Voice note playback failed', error?.code, error?.message);
    probingRef.current = false;
    setPlaying(false);
    setFailed(true);
  };

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    if (probingRef.current) {
      // Still working out the length: start from the beginning anyway; the length arrives at the end.
      probingRef.current = false;
      audio.currentTime = 0;
    }
    audio.play().catch((err: unknown) => {
      // A pause() before play() settled is not a failure.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      console.warn('Voice note playback failed', err);
      setPlaying(false);
    });
  };

  const onSeek = (e: ChangeEvent<HTMLInputElement>) => {
    const audio = audioRef.current;
    const value = Number(e.target.value);
    if (!audio || !Number.isFinite(value)) return;
    probingRef.current = false;
    audio.currentTime = value;
    setCurrent(value);
  };

  const peaks = useWaveform(source.status === 'ready' ? (source.blob ?? null) : null);
  const name = label?.trim() || 'Voice note';
  const ready = source.status === 'ready' && !failed;
  const shownCurrent = Math.min(current, duration || current);
  // The length is rounded to the nearest second (a 59.9 s note is "1:00"); the position at the very end
  // shows the same, so a finished note never reads "0:59 / 1:00".
  const durationLabel = formatDuration(Math.round(duration) * 1000);
  const atEnd = duration > 0 && shownCurrent >= duration - 0.05;
  const currentLabel = atEnd ? durationLabel : formatDuration(shownCurrent * 1000);

  return (
    <fieldset
      data-testid="voice-player"
      data-state={playing ? 'playing' : 'paused'}
      aria-label={name}
      className="flex w-full min-w-0 flex-col gap-1 rounded-control bg-muted px-2 py-1.5"
    >
      {label ? <p className="truncate px-1 text-xs font-medium text-muted-foreground">{label}</p> : null}
      {source.status === 'error' || failed ? (
        <p className="px-1 py-2 text-sm text-destructive">Voice note unavailable</p>
      ) : (
        <div className="flex min-w-0 items-center gap-2">
          <button
            type="button"
            onClick={toggle}
            disabled={!ready}
            aria-label={playing ? 'Pause voice note' : 'Play voice note'}
            className={cn(
              'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground transition hover:opacity-90',
              'disabled:pointer-events-none disabled:opacity-50',
            )}
          >
            {source.status === 'loading' ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : playing ? (
              <Pause className="h-4 w-4" aria-hidden />
            ) : (
              <Play className="ml-0.5 h-4 w-4" aria-hidden />
            )}
          </button>
          <div className={cn('relative flex min-w-0 flex-1 items-center', peaks && 'h-8')}>
            {peaks ? (
              <WaveformBars peaks={peaks} played={duration > 0 ? shownCurrent / duration : 0} />
            ) : null}
            <input
              type="range"
              min={0}
              max={Math.max(duration, 0)}
              step={VOICE_SEEK_STEP}
              value={shownCurrent}
              onChange={onSeek}
              disabled={!ready || duration <= 0}
              aria-label="Seek"
              aria-valuetext={`${currentLabel} of ${durationLabel}`}
              className={cn(
                'min-w-0 flex-1 cursor-pointer accent-primary disabled:cursor-default disabled:opacity-50',
                peaks ? WAVEFORM_RANGE : 'h-2',
              )}
            />
          </div>
          <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
            {source.status === 'loading' ? (
              <span>Loading…</span>
            ) : (
              <>
                {currentLabel} / {duration > 0 ? durationLabel : '–:––'}
              </>
            )}
          </span>
        </div>
      )}
      {source.status === 'ready' ? (
        // biome-ignore lint/a11y/useMediaCaption: voice notes are user recordings with no transcript to offer.
        <audio
          ref={audioRef}
          src={source.url}
          preload="metadata"
          className="hidden"
          onLoadedMetadata={onLoadedMetadata}
          onDurationChange={onDurationOrTime}
          onTimeUpdate={onDurationOrTime}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onError={onMediaError}
        />
      ) : null}
    </fieldset>
  );
}
