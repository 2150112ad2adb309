import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = '.e2e-data';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // The browser stage is bound by the CPU of Chromium and the server, yet each test also waits on the
  // network and the database: three workers finish about a quarter sooner than two on this 2-core machine.
  workers: process.env.CI ? 3 : undefined,
  // On CI, a test that fails is run once more and reported as flaky (its first failure stays in the
  // report); two browser tests still fail now and then under CI's load, unexplained (see the notes).
  retries: process.env.CI ? 1 : 0,
  // Limits for a test that hangs, not for a slow one: on CI three workers share two cores, and the longest
  // flows (two partners, live updates, a record to verify) take 20 s alone and up to a minute beside two
  // others. A test fails on what it sees, never on how long a busy machine took to show it.
  timeout: process.env.CI ? 150_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    permissions: ['microphone'],
    // Pact's service worker precaches every chunk of the app in each new browser context: a tenth of a
    // flow's time, spent on what the flows do not look at. It is blocked unless a file allows it: the files
    // whose subject it is (the PWA, the help page offline, writes and live updates across going offline)
    // say `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A fake microphone (a beeping tone) for the voice-note tests, granted without a prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 375, height: 812 }, hasTouch: true } },
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
