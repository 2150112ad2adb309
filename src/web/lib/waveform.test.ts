import { describe, expect, it } from 'vitest';
import { peaksOf, WAVEFORM_FLOOR } from './waveform';

describe('peaksOf', () => {
  it('answers one level per bar, the loudest slice 1 and the others in proportion', () => {
    // Four slices: silence, a quiet tone, a loud tone, the quiet tone again.
    const slice = (amplitude: number) =>
      Array.from({ length: 100 }, (_, i) => amplitude * Math.sin((i / 100) * 2 * Math.PI * 5));
    const samples = new Float32Array([...slice(0), ...slice(0.25), ...slice(1), ...slice(0.25)]);
    const peaks = peaksOf(samples, 4);
    expect(peaks).toHaveLength(4);
    expect(peaks[0]).toBe(WAVEFORM_FLOOR);
    expect(peaks[2]).toBe(1);
    expect(peaks[1]).toBeCloseTo(0.25, 2);
    expect(peaks[3]).toBeCloseTo(0.25, 2);
  });

  it('draws silence at the floor, never dividing by zero', () => {
    expect(peaksOf(new Float32Array(1000), 5)).toEqual(Array(5).fill(WAVEFORM_FLOOR));
  });

  it('handles more bars than samples, and no bars', () => {
    const peaks = peaksOf(new Float32Array([0.5, -0.5, 0.25]), 6);
    expect(peaks).toHaveLength(6);
    expect(Math.max(...peaks)).toBe(1);
    expect(peaks.every((p) => p >= WAVEFORM_FLOOR && p <= 1)).toBe(true);
    expect(peaksOf(new Float32Array(10), 0)).toEqual([]);
  });
});
