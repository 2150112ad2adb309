// The two screenshots of the web app manifest (a phone and a desktop), taken of the landing page of a
// running build and written as WebP into src/web/public/screenshots/ (committed; decision 031).
// Usage: npm run build && PORT=3000 npm run serve & node scripts/manifest-screenshots.mjs http://localhost:3000
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const [base = 'http://localhost:3000'] = process.argv.slice(2);
const out = path.resolve('src/web/public/screenshots');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const [name, viewport, colorScheme] of [
  ['phone', { width: 375, height: 812 }, 'light'],
  ['desktop', { width: 1280, height: 800 }, 'dark'],
]) {
  const page = await browser.newPage({ viewport, colorScheme, serviceWorkers: 'block' });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  const png = await page.screenshot();
  await sharp(png)
    .webp({ quality: 80 })
    .toFile(path.join(out, `${name}.webp`));
  console.info(`${path.relative(process.cwd(), out)}/${name}.webp ${viewport.width}x${viewport.height}`);
  await page.close();
}
await browser.close();
