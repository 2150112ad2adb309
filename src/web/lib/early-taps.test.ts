import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_TAP_WINDOW_MS,
  EARLY_TAPS_RELEASE_MS,
  releaseEarlyTapsLater,
  replayEarlyTaps,
} from './early-taps';

const button = (opts: { connected?: boolean; disabled?: boolean } = {}) => ({
  isConnected: opts.connected ?? true,
  disabled: opts.disabled ?? false,
  click: vi.fn(),
});

describe('taps that came before the page was live', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('are carried out in order once, on the buttons still there, enabled, and tapped recently', () => {
    const now = 1_000_000;
    const recent = button();
    const second = button();
    const gone = button({ connected: false });
    const disabled = button({ disabled: true });
    const old = button();
    const taps = [
      [recent, now - 100],
      [gone, now - 90],
      [disabled, now - 80],
      [old, now - EARLY_TAP_WINDOW_MS - 1],
      [second, now - 10],
    ];
    const order: unknown[] = [];
    recent.click.mockImplementation(() => order.push(recent));
    second.click.mockImplementation(() => order.push(second));
    const take = vi.fn(() => taps.splice(0));
    const html = { dataset: {} as Record<string, string> };
    vi.stubGlobal('window', { pactTaps: { take } });
    vi.stubGlobal('document', { documentElement: html });

    replayEarlyTaps(now);
    expect(order).toEqual([recent, second]);
    for (const b of [gone, disabled, old]) expect(b.click).not.toHaveBeenCalled();
    expect(html.dataset.hydrated).toBe('true');
    replayEarlyTaps(now);
    expect(recent.click).toHaveBeenCalledTimes(1);
  });

  it('a page drawn in the browser (no loader) is only marked live', () => {
    const html = { dataset: {} as Record<string, string> };
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { documentElement: html });
    replayEarlyTaps();
    expect(html.dataset.hydrated).toBe('true');
  });

  it('are no longer kept a while after the app has started, should no screen take them', () => {
    vi.useFakeTimers();
    const take = vi.fn(() => []);
    vi.stubGlobal('window', { pactTaps: { take } });
    releaseEarlyTapsLater();
    vi.advanceTimersByTime(EARLY_TAPS_RELEASE_MS - 1);
    expect(take).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(take).toHaveBeenCalledTimes(1);
  });
});
