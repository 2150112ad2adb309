// Screenshots of the main screens at phone and desktop widths, light and dark, for a person to look at.
// Usage: node scripts/screenshots.mjs <baseUrl> <outDir> [path ...]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', out = 'screenshots', ...paths] = process.argv.slice(2);
const targets = paths.length > 0 ? paths : ['/', '/auth', '/auth?tab=register', '/nope'];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const [name, viewport, scheme] of [
  ['phone', { width: 375, height: 812 }, 'light'],
  ['phone-dark', { width: 375, height: 812 }, 'dark'],
  ['desktop-light', { width: 1280, height: 800 }, 'light'],
  ['desktop', { width: 1280, height: 800 }, 'dark'],
]) {
  const page = await browser.newPage({ viewport, colorScheme: scheme });
  for (const target of targets) {
    await page.goto(base + target, { waitUntil: 'networkidle' });
    const file = `${out}/${name}-${target.replace(/[^a-z0-9]+/gi, '_') || 'root'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.info(file);
  }
  await page.close();
}
await browser.close();
