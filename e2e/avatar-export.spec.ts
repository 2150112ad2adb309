import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { readZip } from '../src/server/test/zip';
import { audit, describe, type Finding } from './axe';
import { expect, expectNoSidewaysScroll, test } from './fixtures';
import { seedCouple, seedPhoto } from './seed';

/** Planted in the picture's EXIF: a camera and a place, which must not survive the upload. */
const MARKERS = { make: 'Spy-Phone-9', datum: 'GPS-Home-Address' };

/** A 900 x 600 photo whose EXIF names a camera and whose GPS places it in Berlin. */
const photoWithGps = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: MARKERS.make, Model: 'X' },
      IFD3: {
        GPSMapDatum: MARKERS.datum,
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 0/1',
      },
    })
    .toBuffer();

/** Light and dark of the page as it is now, for a person to look at. */
async function screenshots(page: Page, info: TestInfo, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: info.outputPath(`${name}-${info.project.name}-${scheme}.png`),
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: null });
}

test('a profile picture with GPS is shown in the partner’s top bar without any metadata, then removed', async ({
  page,
  browser,
  request,
}, info) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Quinn Dom', submissive: 'Rory Sub' });
  // The partners' pictures are in the top bar from a tablet's width up (on a phone the bar keeps room for
  // Red and Yellow).
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
  const partnerAvatar = page.getByTestId('top-bar-partners').getByRole('img', { name: 'Rory Sub' });
  await expect(partnerAvatar).toHaveAttribute('data-has-image', 'false');
  await expect(partnerAvatar).toHaveText('RS');

  await sub.page.goto('/settings');
  const section = sub.page.getByTestId('profile-picture-section');
  await expect(section.getByText('JPG, PNG, WEBP or GIF. Max 5MB.')).toBeVisible();
  const input = section.getByTestId('avatar-input');

  // Not an image: refused in the browser with the spec's text.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(section.getByRole('alert')).toHaveText('Please select an image file');

  // A photo carrying GPS, under a name with a path in it.
  await input.setInputFiles({
    name: '../../home/gps.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoWithGps(),
  });
  await expect(section.getByRole('img', { name: 'Preview of your new profile picture' })).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);
  await section.getByRole('button', { name: 'Save picture' }).click();
  await expect(sub.page.getByText('Profile picture updated')).toBeVisible();
  await expect(section.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
    'data-has-image',
    'true',
  );

  // The partner sees it live in the top bar.
  await expect(partnerAvatar).toHaveAttribute('data-has-image', 'true');
  const image = partnerAvatar.locator('img');
  await expect(image).toHaveAttribute('src', new RegExp(`^/api/avatars/${sub.id}\\?v=`));
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);

  // What is served has none of the photo's metadata.
  const served = await page.request.get((await image.getAttribute('src'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['cache-control']).toBe('private, no-store');
  const bytes = await served.body();
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(bytes.toString('latin1')).not.toContain(MARKERS.datum);
  expect(bytes.toString('latin1')).not.toContain(MARKERS.make);

  await expectNoSidewaysScroll(sub.page);
  await expectNoSidewaysScroll(page);
  await screenshots(sub.page, info, 'settings-with-picture');
  await screenshots(page, info, 'partner-top-bar');
  const found: Finding[] = [];
  await audit(sub.page, 'settings with a picture', found);
  await audit(page, 'top bar with a partner picture', found);
  expect(describe(found)).toEqual([]);

  await section.getByRole('button', { name: 'Remove' }).click();
  await expect(sub.page.getByText('Profile picture removed')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Upload picture' })).toBeVisible();
  await expect(partnerAvatar).toHaveAttribute('data-has-image', 'false');
  expect((await page.request.get(`/api/avatars/${sub.id}`)).status()).toBe(404);
  await sub.page.context().close();
});

test('export my data saves one archive with the JSON and the pair’s photo, and no secret', async ({
  page,
  browser,
  request,
}, info) => {
  const { dom, sub } = await seedCouple(browser, page, request, {
    dominant: 'Sage Dom',
    submissive: 'Tate Sub',
  });
  const photoId = await seedPhoto(page, sub.id);
  await page.goto('/settings');
  const section = page.getByTestId('export-data-section');
  await screenshots(page, info, 'settings-export');
  const found: Finding[] = [];
  await audit(page, 'settings', found);
  expect(describe(found)).toEqual([]);

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Export my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pact-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText('Export ready')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Export my data' })).toBeEnabled();

  const entries = await readZip(await readFile((await file.path())!));
  const account = JSON.parse(entries.get('account.json')!.toString('utf8'));
  expect(account).toMatchObject({ id: dom.id, email: dom.email, displayName: 'Sage Dom' });
  const partners = JSON.parse(entries.get('partners.json')!.toString('utf8'));
  expect(partners).toEqual([expect.objectContaining({ partnerId: sub.id, displayName: 'Tate Sub' })]);
  const [pair] = JSON.parse(entries.get('pairs.json')!.toString('utf8'));
  const photo = entries.get(`pairs/${pair.id}/media/${photoId}.jpg`);
  expect(photo).toBeDefined();
  expect((await sharp(photo!).metadata()).format).toBe('jpeg');
  for (const [name, bytes] of entries) {
    if (name.endsWith('.json')) JSON.parse(bytes.toString('utf8'));
  }
  const all = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
  for (const secret of ['$argon2', '"token"', '"password"', sub.email, 'storageKey']) {
    expect(all).not.toContain(secret);
  }
  await sub.page.context().close();
});
