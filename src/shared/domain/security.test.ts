import { describe, expect, it } from 'vitest';
import { deviceOf, type SecurityEventType, securityScore } from './security';

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 0, 10, 12);
const at = (type: SecurityEventType, hoursAgo: number) => ({ type, createdAt: NOW - hoursAgo * HOUR });

describe('securityScore', () => {
  it('is 100 and secure with no events', () => {
    expect(securityScore([], NOW)).toEqual({ score: 100, secure: true });
  });

  it('takes 2, 5, 10 and 1 per event of the last 24 hours by type', () => {
    expect(securityScore([at('auth_failure', 1)], NOW).score).toBe(98);
    expect(securityScore([at('rate_limit', 1)], NOW).score).toBe(95);
    expect(securityScore([at('suspicious_activity', 1)], NOW).score).toBe(90);
    expect(securityScore([at('other', 1)], NOW).score).toBe(99);
    expect(
      securityScore(
        [at('auth_failure', 2), at('rate_limit', 3), at('suspicious_activity', 4), at('other', 5)],
        NOW,
      ).score,
    ).toBe(82);
  });

  it('ignores events older than 24 hours and counts one at exactly 24 hours', () => {
    expect(securityScore([at('suspicious_activity', 24.01)], NOW).score).toBe(100);
    expect(securityScore([at('suspicious_activity', 24)], NOW).score).toBe(90);
  });

  it('is secure at 80 and not at 79', () => {
    const two = [at('suspicious_activity', 1), at('suspicious_activity', 2)];
    expect(securityScore(two, NOW)).toEqual({ score: 80, secure: true });
    expect(securityScore([...two, at('other', 1)], NOW)).toEqual({ score: 79, secure: false });
  });

  it('never goes below 0', () => {
    const many = Array.from({ length: 50 }, () => at('rate_limit', 1));
    expect(securityScore(many, NOW)).toEqual({ score: 0, secure: false });
  });

  it('counts an event stamped slightly in the future as a recent one', () => {
    expect(securityScore([at('auth_failure', -0.01)], NOW).score).toBe(98);
  });
});

describe('deviceOf', () => {
  it('names the browser family and system, without versions', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge on Android');
  });

  it('says so when it cannot tell', () => {
    expect(deviceOf(null)).toBe('Unknown device');
    expect(deviceOf('curl/8.0')).toBe('Unknown device');
    expect(deviceOf('node')).toBe('Unknown device');
  });
});
