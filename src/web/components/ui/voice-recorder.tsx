import { Mic, RotateCcw, Square, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { VoicePlayer } from '@/web/components/ui/voice-player';
import { baseMimeType, formatDuration, MAX_RECORDING_MS, pickAudioType } from '@/web/lib/audio-formats';
import { toast } from '@/web/lib/toast';

export interface RecordedVoice {
  /** The recording; its type is the container without codec parameters (e.g. audio/webm). */
  blob: Blob;
  /** The recorder's full MIME type, e.g. audio/webm;codecs=opus. */
  mimeType: string;
  durationMs: number;
}

export interface VoiceRecorderProps {
  value: RecordedVoice | null;
  onChange: (value: RecordedVoice | null) => void;
  disabled?: boolean;
}

const TICK_MS = 200;

function showMicrophoneError() {
  toast.error('Microphone Error', {
    description: 'Unable to access your microphone. Please check your permissions.',
  });
}

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Records a voice note of up to one minute (spec 2, section 4: idle, recording, stopped). "Stopped" is
 * simply having a value: it is played back, recorded again or deleted.
 */
export function VoiceRecorder({ value, onChange, disabled = false }: VoiceRecorderProps) {
  const [recording, setRecording] = useState(false);
  const [starting, setStarting] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [url, setUrl] = useState<string | null>(null);

  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const startedAtRef = useRef(0);
  const stoppedAtRef = useRef<number | null>(null);
  const tickRef = useRef<number | null>(null);
  const limitRef = useRef<number | null>(null);
  const mountedRef = useRef(true);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const clearTimers = useCallback(() => {
    if (tickRef.current !== null) window.clearInterval(tickRef.current);
    if (limitRef.current !== null) window.clearTimeout(limitRef.current);
    tickRef.current = null;
    limitRef.current = null;
  }, []);

  /** Ends the recording (the recorder's stop event hands over the result) and frees the microphone. */
  const stop = useCallback(() => {
    clearTimers();
    if (stoppedAtRef.current === null) stoppedAtRef.current = performance.now();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') {
      try {
        recorder.stop();
      } catch (err) {
        console.warn('Voice recorder did not stop cleanly', err);
      }
    }
    stopTracks(streamRef.current);
    streamRef.current = null;
    if (mountedRef.current) setRecording(false);
  }, [clearTimers]);

  const start = async () => {
    if (disabled || recording || starting) return;
    setStarting(true);
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
        throw new Error('Audio recording is not available in this browser');
      }
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      console.warn('Microphone unavailable', err);
      if (mountedRef.current) {
        setStarting(false);
        showMicrophoneError();
      }
      return;
    }
    if (!mountedRef.current) {
      stopTracks(stream);
      return;
    }

    const preferred = pickAudioType((type) => MediaRecorder.isTypeSupported(type));
    let recorder: MediaRecorder;
    try {
      recorder = preferred ? new MediaRecorder(stream, { mimeType: preferred }) : new MediaRecorder(stream);
    } catch (err) {
      console.warn('Voice recorder could not start', err);
      stopTracks(stream);
      setStarting(false);
      showMicrophoneError();
      return;
    }

    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onerror = (e) => {
      console.warn('Voice recording failed', e);
      stop();
    };
    recorder.onstop = () => {
      if (recorderRef.current === recorder) recorderRef.current = null;
      if (!mountedRef.current) return;
      const endedAt = stoppedAtRef.current ?? performance.now();
      const durationMs = Math.round(Math.min(MAX_RECORDING_MS, Math.max(0, endedAt - startedAtRef.current)));
      const mimeType = recorder.mimeType || preferred || chunks[0]?.type || 'audio/webm';
      const blob = new Blob(chunks, { type: baseMimeType(mimeType) });
      if (blob.size === 0) {
        console.warn('Voice recording produced no audio');
        return;
      }
      toast.success('Recording Complete');
      onChangeRef.current({ blob, mimeType, durationMs });
    };

    streamRef.current = stream;
    recorderRef.current = recorder;
    // The whole recording is stopped if the microphone goes away (unplugged, permission revoked).
    for (const track of stream.getAudioTracks())
      track.addEventListener('ended', () => stop(), { once: true });

    try {
      recorder.start(1000);
    } catch (err) {
      console.warn('Voice recorder could not start', err);
      recorderRef.current = null;
      streamRef.current = null;
      stopTracks(stream);
      setStarting(false);
      showMicrophoneError();
      return;
    }

    startedAtRef.current = performance.now();
    stoppedAtRef.current = null;
    setElapsedMs(0);
    setStarting(false);
    setRecording(true);

    tickRef.current = window.setInterval(() => {
      const elapsed = performance.now() - startedAtRef.current;
      setElapsedMs(Math.min(elapsed, MAX_RECORDING_MS));
    }, TICK_MS);
    limitRef.current = window.setTimeout(() => {
      stoppedAtRef.current = startedAtRef.current + MAX_RECORDING_MS;
      setElapsedMs(MAX_RECORDING_MS);
      toast.info('Maximum recording time of 1 minute reached.');
      stop();
    }, MAX_RECORDING_MS);
  };

  // Never leave the microphone on: stop everything when the recorder goes away.
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      stop();
    };
  }, [stop]);

  // One object URL per recording, revoked when the recording changes or the recorder goes away.
  useEffect(() => {
    if (!value) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(value.blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [value]);

  const remove = () => {
    onChange(null);
    toast('Voice note deleted');
  };

  if (recording) {
    return (
      <div className="flex w-full min-w-0 items-center gap-3 rounded-control bg-destructive/10 px-3 py-2">
        <span className="relative flex h-3 w-3 shrink-0" aria-hidden>
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-destructive opacity-60" />
          <span className="relative inline-flex h-3 w-3 rounded-full bg-destructive" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="text-sm font-medium text-destructive">Recording…</span>
          <span aria-live="polite" className="text-xs tabular-nums text-muted-foreground">
            <span className="sr-only">Elapsed </span>
            {formatDuration(elapsedMs)} / {formatDuration(MAX_RECORDING_MS)}
          </span>
        </div>
        <Button variant="destructive" size="sm" onClick={stop} aria-label="Stop recording">
          <Square className="h-4 w-4" aria-hidden />
          Stop
        </Button>
      </div>
    );
  }

  if (value && url) {
    return (
      <div className="flex w-full min-w-0 flex-col gap-2">
        <VoicePlayer src={url} label="Your voice note" durationMs={value.durationMs} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={start} disabled={disabled || starting}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            Record again
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={remove}
            disabled={disabled || starting}
            className="text-destructive"
            aria-label="Delete voice note"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Button variant="outline" onClick={start} disabled={disabled || starting} className="w-full">
      <Mic className="h-4 w-4" aria-hidden />
      {starting ? 'Starting microphone…' : 'Record voice note'}
    </Button>
  );
}
