import { describe, expect, it } from 'vitest';
import { THEME_COOKIE, themeIn } from './appearance';

describe('themeIn', () => {
  it('reads light or dark from the cookie among others', () => {
    expect(themeIn(`a=1; ${THEME_COOKIE}=dark; b=2`)).toBe('dark');
    expect(themeIn(`${THEME_COOKIE}=light`)).toBe('light');
  });

  it('is the system scheme without the cookie, or with any other value', () => {
    expect(themeIn(undefined)).toBe('system');
    expect(themeIn('')).toBe('system');
    expect(themeIn(`${THEME_COOKIE}=system`)).toBe('system');
    expect(themeIn(`${THEME_COOKIE}=DARK`)).toBe('system');
    expect(themeIn(`${THEME_COOKIE}=dark<script>`)).toBe('system');
    expect(themeIn(`x${THEME_COOKIE}=dark`)).toBe('system');
  });
});
