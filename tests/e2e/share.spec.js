// Sharing: the Embed dialog under every figure (snippets and a link for what the figure shows now, each copied
// with one button) and the reader's settings in the address (restored on reload and from a shared link, stepped
// through by Back and Forward).
import AxeBuilder from '@axe-core/playwright';
import { test, expect, openArticleFigure, openFigure, pressKey, shareMenu, settings } from './fixtures.js';

const bar = (page) => page.locator('.pe-section-bar');

/** Scrolls to figure `id` in the article and waits until it is mounted. */
async function reach(page, id) {
  const slot = page.locator(`[data-mount="${id}"]`);
  await slot.scrollIntoViewIfNeeded();
  await expect(slot).toHaveAttribute('data-figure', id);
  await expect(slot).not.toHaveAttribute('aria-busy', 'true');
  return slot;
}

/** Opens the section bar's controls (they fold away on narrow screens and while docked). */
async function openBar(page) {
  await page.locator('[data-section-controls]').scrollIntoViewIfNeeded();
  const toggle = bar(page).getByRole('button', { name: 'Change' });
  if (await toggle.isVisible()) await toggle.click();
}

test.describe('the Embed dialog', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('opens from the keyboard with snippets of the current parameters, copies, closes on Escape', async ({
    page,
  }) => {
    const figure = await openArticleFigure(page, 'naive');
    await pressKey((await settings(figure)).getByLabel('Offset k'), 'ArrowRight', 2);
    const button = (await shareMenu(figure)).getByRole('button', { name: 'Embed' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Embed or share/ });
    await expect(dialog).toBeVisible();

    const origin = new URL(page.url()).origin;
    const iframe = dialog.getByRole('textbox', { name: 'Embed with an iframe' });
    await expect(iframe).toHaveValue(
      new RegExp(`src="${origin}/pe-explorer/embed\\.html\\?figure=naive&amp;offset=5"`),
    );
    await expect(iframe).toHaveValue(/pe-explorer:height/);
    const component = dialog.getByRole('textbox', { name: 'Embed with the web component' });
    await expect(component)
      .toHaveValue(`<script src="${origin}/pe-explorer/pe-figure-loader.js" defer></script>
<pe-figure figure="naive" offset="5"></pe-figure>`);
    const link = dialog.getByRole('textbox', { name: 'Link to this figure' });
    await expect(link).toHaveValue(`${origin}/pe-explorer/index.html?naive.offset=5#naive`);

    await dialog.getByRole('button', { name: 'Copy: Link to this figure' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Copied: Link to this figure');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await dialog.getByRole('button', { name: 'Copy: Embed with an iframe' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await iframe.inputValue());

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the open dialog has no axe violations in either scheme', async ({ page }) => {
    // The dialog is the same on every page; the embed page keeps axe's pass short. On a 360 px screen.
    await page.setViewportSize({ width: 360, height: 740 });
    const figure = await openFigure(page, 'naive', 'offset=5', {
      ready: (f) => expect(f.locator('.pe-summary')).not.toBeEmpty(),
    });
    await (await shareMenu(figure)).getByRole('button', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: /Embed or share/ });
    await dialog.getByRole('button', { name: 'Copy: Link to this figure' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Copied: Link to this figure');
    // From the embed page the link carries this figure's parameters into the article.
    await expect(dialog.getByRole('textbox', { name: 'Link to this figure' })).toHaveValue(
      /\/pe-explorer\/index\.html\?naive\.offset=5#naive$/,
    );
    const box = await dialog.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
    for (const scheme of /** @type {const} */ (['light', 'dark'])) {
      await page.emulateMedia({ colorScheme: scheme });
      const { violations } = await new AxeBuilder({ page })
        .include('.pe-embed-dialog')
        .options({ rules: { 'target-size': { enabled: true } } })
        .analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    }
  });

  test('the iframe snippet draws the figure with its parameters and sizes its frame', async ({ page }) => {
    const figure = await openArticleFigure(page, 'naive');
    await pressKey((await settings(figure)).getByLabel('Offset k'), 'End');
    await (await shareMenu(figure)).getByRole('button', { name: 'Embed' }).click();
    const snippet = await page.getByRole('textbox', { name: 'Embed with an iframe' }).inputValue();
    // Someone else's page holding the snippet as given (served on the site's own origin, so that the test's
    // watch on requests leaving the origin still holds).
    await page.route('**/host.html', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Host</title>${snippet}` }),
    );
    await page.goto('host.html');
    const frame = page.frameLocator('iframe');
    const embedded = frame.locator('[data-figure="naive"]');
    await expect((await settings(embedded)).getByLabel('Offset k')).toHaveValue('99');
    await expect(embedded.locator('.pe-summary')).not.toBeEmpty();
    await expect.poll(() => page.locator('iframe').evaluate((f) => f.style.height)).not.toBe('560px');
  });
});

test('settings of two figures and the section bar survive a reload', async ({ page }) => {
  await page.goto('index.html');
  await openBar(page);
  await pressKey(bar(page).getByLabel('Positions'), 'ArrowRight', 3);
  const similarity = await reach(page, 'similarity');
  await pressKey(similarity.getByLabel('Largest offset k'), 'ArrowLeft', 2);
  const naive = await reach(page, 'naive');
  await pressKey((await settings(naive)).getByLabel('Offset k'), 'ArrowRight');
  await expect(page).toHaveURL(/\?sinusoidal\.positions=67&naive\.offset=4&similarity\.maxOffset=126$/);

  await page.reload();
  await expect(bar(page).locator('.pe-section-bar-summary')).toContainText('67 positions');
  await expect((await reach(page, 'naive')).getByLabel('Offset k')).toHaveValue('4');
  const restored = await reach(page, 'similarity');
  await expect(restored.getByLabel('Largest offset k')).toHaveValue('126');
  await expect(restored.locator('.pe-summary')).toContainText('67');
  // A figure's own change later keeps the values of the others.
  await pressKey(restored.getByLabel('Largest offset k'), 'ArrowLeft');
  await expect(page).toHaveURL(/\?sinusoidal\.positions=67&naive\.offset=4&similarity\.maxOffset=125$/);
});

test('a shared link scrolls to the figure it names and shows its state', async ({ page }) => {
  // The heatmap's slot is inside the formula section; a linked figure's prefix also sets the section bar.
  await page.goto('index.html?heatmap.positions=100&sinusoidal.dModel=128#heatmap');
  const heatmap = page.locator('[data-mount="heatmap"]');
  await expect(heatmap).toHaveAttribute('data-figure', 'heatmap');
  await expect(heatmap).toBeInViewport();
  await expect(heatmap.locator('.pe-summary')).toContainText('Heatmap of 100 positions by 128 dimensions');
  await expect(bar(page).locator('.pe-section-bar-summary')).toContainText('d_model 128');
});

test('values read from the address go through the figure and stay within the caps', async ({ page }) => {
  const long = 'x'.repeat(5000);
  await page.goto(`index.html?naive.offset=7&naive.junk=1&nobody.offset=1&pad=${long}&naive.length=64#naive`);
  const naive = await reach(page, 'naive');
  await expect((await settings(naive)).getByLabel('Offset k')).toHaveValue('7');
  // The entry past the first 4,096 characters is not read.
  await expect(naive.getByLabel('Sequence length n')).toHaveAttribute('aria-valuetext', '1,024');
  // A value the figure cannot use shows its message in place, as on the embed page.
  await page.goto('index.html?naive.offset=seven#naive');
  const message = (await reach(page, 'naive')).getByRole('alert').filter({ hasText: 'offset' });
  await expect(message).toContainText('"seven" is not a number');
});

test('Back and Forward step through the reader’s changes', async ({ page }) => {
  await page.goto('index.html');
  const naive = await reach(page, 'naive');
  const offset = (await settings(naive)).getByLabel('Offset k');
  // Steps of one control make one history entry; another control makes the next.
  await pressKey(offset, 'ArrowRight', 3);
  await expect(page).toHaveURL(/\?naive\.offset=6$/);
  await pressKey((await settings(naive)).getByLabel('Width d_model'), 'ArrowLeft');
  await expect(page).toHaveURL(/\?naive\.dModel=510&naive\.offset=6$/);

  await page.goBack();
  await expect(page).toHaveURL(/\?naive\.offset=6$/);
  await expect((await settings(naive)).getByLabel('Width d_model')).toHaveValue('512');
  await page.goBack();
  await expect(page).toHaveURL(/index\.html$/);
  await expect(offset).toHaveValue('3');
  await page.goForward();
  await expect(offset).toHaveValue('6');
  await page.goForward();
  await expect((await settings(naive)).getByLabel('Width d_model')).toHaveValue('510');
});

test('a drag rewrites one history entry instead of adding one per step', async ({ page }) => {
  await page.goto('index.html');
  await openBar(page);
  const before = await page.evaluate(() => history.length);
  // Set as a drag sets it: one input event per step.
  await bar(page)
    .getByLabel('Positions')
    .evaluate((input) => {
      for (let v = 65; v <= 120; v += 1) {
        input.value = String(v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
  await expect(page).toHaveURL(/\?sinusoidal\.positions=120$/);
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await expect(bar(page).locator('.pe-section-bar-summary')).toContainText('64 positions');
});
