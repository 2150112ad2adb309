import { expect, LAYOUT, test } from './fixtures';
import { completeTask, seedCouple, seedPhoto, seedTask } from './seed';

test(
  'a photo proof zooms: by its button, where a click lands, and back',
  LAYOUT,
  async ({ page, browser, request }) => {
    const { dom, sub } = await seedCouple(browser, page, request, {
      dominant: 'Uma Dom',
      submissive: 'Vic Sub',
    });
    const task = await seedTask(page, sub.id, { title: 'Polish the boots', photoProofRequired: true });
    await completeTask(sub.page, task.id, await seedPhoto(sub.page, dom.id));
    await page.goto('/task-history');
    await page.getByRole('button', { name: /View photo proof for Polish the boots/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Photo proof' });
    const frame = viewer.getByTestId('zoom-frame');
    const image = viewer.getByRole('img', { name: 'Proof for Polish the boots' });
    await expect(image).toBeVisible();
    const fitted = (await image.boundingBox())!.width;
    const overflows = () => frame.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(await overflows()).toBe(false);

    // By keyboard: the button, named by what it does and whether it is pressed.
    const zoomIn = viewer.getByRole('button', { name: 'Zoom in' });
    await zoomIn.focus();
    await page.keyboard.press('Enter');
    await expect(frame).toHaveAttribute('data-zoomed', 'true');
    const zoomOut = viewer.getByRole('button', { name: 'Zoom out' });
    await expect(zoomOut).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await image.boundingBox())!.width).toBeGreaterThan(fitted * 1.9);
    expect(await overflows()).toBe(true);
    // Centred: scrolled about halfway across.
    const centred = await frame.evaluate((el) => el.scrollLeft / (el.scrollWidth - el.clientWidth));
    expect(centred).toBeGreaterThan(0.4);
    expect(centred).toBeLessThan(0.6);
    await zoomOut.click();
    await expect(frame).toHaveAttribute('data-zoomed', 'false');

    // A click near the left edge zooms in there; another fits it back.
    const box = (await image.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.1, box.y + box.height / 2);
    await expect(frame).toHaveAttribute('data-zoomed', 'true');
    expect(await frame.evaluate((el) => el.scrollLeft / (el.scrollWidth - el.clientWidth))).toBeLessThan(
      0.25,
    );
    await image.click();
    await expect(frame).toHaveAttribute('data-zoomed', 'false');
    await sub.page.context().close();
  },
);
