import { describe, expect, it } from 'vitest';
import { aboutView } from './about-info';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('aboutView', () => {
  it('says how Pact runs and on which system, from the user agent', () => {
    expect(aboutView({ installed: false, userAgent: IPHONE })).toEqual({
      platform: 'Web browser (iOS)',
      device: 'Safari on iPhone',
    });
    expect(aboutView({ installed: true, userAgent: ANDROID }).platform).toBe('Installed web app (Android)');
  });

  it('prefers what the client hints tell: the system and the model', () => {
    expect(
      aboutView({ installed: true, userAgent: ANDROID, hintsPlatform: 'Android', hintsModel: 'Pixel 8' }),
    ).toEqual({ platform: 'Installed web app (Android)', device: 'Pixel 8' });
    // An empty model (a desktop) falls back to the family.
    expect(aboutView({ installed: false, userAgent: ANDROID, hintsModel: ' ' }).device).toBe(
      'Chrome on Android',
    );
  });

  it('shows no device when the browser tells nothing', () => {
    expect(aboutView({ installed: false, userAgent: '' })).toEqual({ platform: 'Web browser', device: null });
  });
});
