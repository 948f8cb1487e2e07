// Every figure leads with its picture (issue 26): on a phone the picture starts within the first 400 px of the
// figure, its one or two primary controls follow it, the rest fold into "Settings", and the downloads and
// Embed into one "Share / export" menu that the keyboard opens and Escape closes.
import { figures } from '../../web/src/app/registry.js';
import { test, expect } from './fixtures.js';

const ids = Object.keys(figures);
/** What counts as a figure's picture: a chart or canvas of some size, or the lab's place for its charts. */
const PICTURE = '.pe-plot canvas, .pe-plot svg, .pe-lab-empty';

/** The distance from the figure's top to its picture's, in CSS pixels (null while nothing is drawn). */
function pictureOffset(figure) {
  return figure.evaluate((element, selector) => {
    const top = element.getBoundingClientRect().top;
    const picture = [...element.querySelectorAll(selector)].find((node) => {
      const box = node.getBoundingClientRect();
      return box.height >= 20 && box.width >= 20;
    });
    return picture ? Math.round(picture.getBoundingClientRect().top - top) : null;
  }, PICTURE);
}

test('at 375 px every figure of the article starts its picture within 400 px of its top', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('index.html');
  for (const id of ids) {
    const slot = page.locator(`[data-mount="${id}"]`);
    await slot.scrollIntoViewIfNeeded();
    await expect(slot, id).toHaveAttribute('data-figure', id);
    await expect.poll(() => pictureOffset(slot), { message: id }).not.toBeNull();
    expect(await pictureOffset(slot), id).toBeLessThanOrEqual(400);
  }
});

test('each figure alone: picture, then its primary controls; the rest folded, one share menu', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  for (const id of ids) {
    await page.goto(`embed.html?figure=${id}`);
    const figure = page.locator(`[data-figure="${id}"]`);
    await expect.poll(() => pictureOffset(figure), { message: id }).not.toBeNull();
    expect(await pictureOffset(figure), id).toBeLessThanOrEqual(400);
    const order = await figure.evaluate((element) => {
      const plot = element.querySelector(':scope > .pe-plot');
      const row = element.querySelector(':scope > .pe-controls');
      return row && !row.hidden ? plot.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING : 1;
    });
    expect(order, `${id}: controls after the picture`).toBeTruthy();
    expect(await figure.locator(':scope > .pe-controls > *').count(), id).toBeLessThanOrEqual(2);
    const settings = figure.locator(':scope > details.pe-settings');
    if (await settings.isVisible()) await expect(settings, id).not.toHaveAttribute('open', '');
    await expect(figure.locator(':scope > details.pe-share'), id).toHaveCount(1);
  }
});

test('the Share / export menu opens from the keyboard and Escape closes it', async ({ page }) => {
  await page.goto('embed.html?figure=periods');
  const figure = page.locator('[data-figure="periods"]');
  const menu = figure.locator(':scope > details.pe-share');
  const button = menu.locator(':scope > summary');
  await expect(button).toHaveText('Share / export');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open', '');
  await expect(menu.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await menu.getByRole('button', { name: 'Download CSV' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open', '');
  await expect(button).toBeFocused();
});

test('a control folded into Settings still changes the figure and the URL', async ({ page }) => {
  await page.goto('embed.html?figure=rotation');
  const figure = page.locator('[data-figure="rotation"]');
  const settings = figure.locator(':scope > details.pe-settings');
  await expect(settings.getByLabel('Position pos')).toBeHidden();
  await settings.locator(':scope > summary').click();
  const slider = settings.getByLabel('Position pos');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(figure.locator('.pe-summary')).toContainText('11');
});
