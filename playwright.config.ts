import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = '.e2e-data';

/**
 * Debian's Chromium headless shell when it is there (apt-get install chromium-headless-shell), as Playwright
 * itself runs headless tests: the same engine without the full browser's window machinery, a third less time
 * on CI's two cores. Else the full browser, headless.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/** The full browser: the headless shell shows no notifications, which the PWA's push tests read back. */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A fake microphone (a beeping tone) for the voice-note tests, granted without a prompt.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // The browser stage is bound by the CPU of Chromium and the server, yet each test also waits on the
  // network and the database: three workers finish about a quarter sooner than two on this 2-core machine.
  workers: process.env.CI ? 3 : undefined,
  // On CI, a test that fails is run once more, recording its trace, and reported as flaky: its first
  // failure stays in the report.
  retries: process.env.CI ? 1 : 0,
  // Limits for a test that hangs, not for a slow one: on CI three workers share two cores, and the longest
  // flows (two partners, live updates, a record to verify) take 20 s alone and up to a minute beside two
  // others. A test fails on what it sees, never on how long a busy machine took to show it.
  timeout: process.env.CI ? 150_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs every test a fifth of its time on CI's two cores (screencast frames and DOM
    // snapshots on each action): there a test's retry records it, and the first failure keeps its
    // screenshot and error context.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    permissions: ['microphone'],
    // Pact's service worker precaches every chunk of the app in each new browser context: a tenth of a
    // flow's time, spent on what the flows do not look at. It is blocked unless a file allows it: the files
    // whose subject it is (the PWA, the help page offline, writes and live updates across going offline)
    // say `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'phone', use: PHONE, testIgnore: /\bpwa\.spec\.ts$/ },
    // The installable app, its service worker and its notifications: on the phone, in the full browser.
    {
      name: 'pwa',
      use: { ...PHONE, launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } },
      testMatch: /\bpwa\.spec\.ts$/,
    },
    // Flows run once, on the phone; what is about layout runs at both sizes: the files below, whose every
    // test looks at the page itself (contrast and names, focus, targets, what covers what), and tests
    // tagged LAYOUT (e2e/fixtures.ts) elsewhere. The grep sees the file name and the tags.
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
      grep: /\b(a11y|keyboard|touch|focus|navigation)\.spec\.ts\b|@layout/,
    },
  ],
  webServer: {
    // The node options npm start gives the server (decision 062).
    command: 'node --max-semi-space-size=32 scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: `http://localhost:${PORT}`,
      REQUIRE_EMAIL_VERIFICATION: 'true',
      LOG_LEVEL: 'warn',
      // Every browser test registers its own users from this one machine: the limits are raised for
      // the suite; the API suite tests them at their production figures.
      RATE_LIMIT_SCALE: '1000',
    },
  },
});
