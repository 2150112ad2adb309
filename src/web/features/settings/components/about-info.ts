import { deviceOf } from '@/shared/domain/security';

/** What the browser tells about where Pact runs; every part may be missing. */
export interface BrowserFacts {
  /** `display-mode: standalone` (or iOS's `navigator.standalone`): opened from the home screen. */
  installed: boolean;
  userAgent: string;
  /** User-Agent Client Hints (Chromium): the system's name, and the model when asked for it. */
  hintsPlatform?: string | undefined;
  hintsModel?: string | undefined;
}

export interface AboutView {
  platform: string;
  device: string | null;
}

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * The About section's "platform" and "device" (decision 027): the platform is how Pact runs (installed
 * web app or browser) and on which system; the device is the model when the browser tells it (Chromium
 * on Android does), else the browser and system family, else nothing.
 */
export function aboutView(facts: BrowserFacts): AboutView {
  const system =
    facts.hintsPlatform || SYSTEMS.find(([pattern]) => pattern.test(facts.userAgent))?.[1] || null;
  const how = facts.installed ? 'Installed web app' : 'Web browser';
  const family = deviceOf(facts.userAgent);
  const device = facts.hintsModel?.trim() || (family === 'Unknown device' ? null : family);
  return { platform: system ? `${how} (${system})` : how, device };
}
