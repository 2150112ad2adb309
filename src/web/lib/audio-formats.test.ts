import { describe, expect, it } from 'vitest';
import {
  baseMimeType,
  formatDuration,
  MAX_RECORDING_MS,
  PREFERRED_AUDIO_TYPES,
  pickAudioType,
  VOICE_SEEK_STEP,
} from './audio-formats';

describe('preferred audio types', () => {
  it('lists webm opus, webm, ogg opus, ogg, mp4 aac, mp4 and aac, in that order', () => {
    expect(PREFERRED_AUDIO_TYPES).toEqual([
      'audio/webm;codecs=opus',
      'audio/webm',
      'audio/ogg;codecs=opus',
      'audio/ogg',
      'audio/mp4;codecs=mp4a.40.2',
      'audio/mp4',
      'audio/aac',
    ]);
  });

  it('limits a recording to 60 seconds and seeks by a tenth of a second', () => {
    expect(MAX_RECORDING_MS).toBe(60_000);
    expect(VOICE_SEEK_STEP).toBe(0.1);
  });
});

describe('pickAudioType', () => {
  it('picks the first type the browser supports', () => {
    expect(pickAudioType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickAudioType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    // Safari: mp4 only.
    expect(pickAudioType((t) => t.startsWith('audio/mp4'))).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(pickAudioType((t) => t === 'audio/aac')).toBe('audio/aac');
  });

  it('asks in the preferred order and stops at the first match', () => {
    const asked: string[] = [];
    pickAudioType((t) => {
      asked.push(t);
      return t === 'audio/ogg';
    });
    expect(asked).toEqual(['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg']);
  });

  it('returns null when nothing is supported', () => {
    expect(pickAudioType(() => false)).toBeNull();
  });

  it('treats a checker that throws as "not supported"', () => {
    expect(
      pickAudioType((t) => {
        if (t.startsWith('audio/webm')) throw new Error('nope');
        return true;
      }),
    ).toBe('audio/ogg;codecs=opus');
  });
});

describe('baseMimeType', () => {
  it('drops the parameters', () => {
    expect(baseMimeType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(baseMimeType('audio/mp4; codecs="mp4a.40.2"')).toBe('audio/mp4');
    expect(baseMimeType('audio/ogg')).toBe('audio/ogg');
    expect(baseMimeType('')).toBe('');
  });
});

describe('formatDuration', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7_000)).toBe('0:07');
    expect(formatDuration(59_000)).toBe('0:59');
    expect(formatDuration(60_000)).toBe('1:00');
    expect(formatDuration(61_000)).toBe('1:01');
    expect(formatDuration(605_000)).toBe('10:05');
  });

  it('rounds down to the whole second', () => {
    expect(formatDuration(7_999)).toBe('0:07');
    expect(formatDuration(59_999)).toBe('0:59');
    expect(formatDuration(999)).toBe('0:00');
  });

  it('shows 0:00 for negative, NaN or infinite values', () => {
    expect(formatDuration(-5_000)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});
