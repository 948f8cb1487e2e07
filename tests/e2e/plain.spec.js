// Plain embeds and a choice of controls (core/embed-options.js): `plain=1` and `controls=` in embed.html's URL,
// the same as attributes of <pe-figure> and in a `pe-explorer:set` message, and the Embed dialog that writes them
// and previews the result. A plain figure is its picture, key, readout and the chosen controls, nothing else,
// and keeps its text alternative, keyboard controls and hover readout.
import { test, expect, expectNoHorizontalOverflow, hoverCell, shareMenu } from './fixtures.js';
import { openLab } from './lab-helpers.js';

const PLAIN_HEATMAP = 'embed.html?figure=heatmap&plain=1&controls=positions';

/** Waits until the figure inside `root` has drawn (its text alternative is written after the first draw). */
async function drawn(root) {
  await expect(root.locator('[data-figure] .pe-summary')).toHaveText(/\S/, { timeout: 30_000 });
}

/**
 * What a reader can see and use in `root`: the accessible names of the visible controls (sliders, buttons,
 * fields, disclosures, links), the pictures' own focusable cells aside.
 */
async function visibleControls(root) {
  const names = [];
  for (const control of await root
    .locator('button, input, select, textarea, summary, a[href], [role="slider"]')
    .all()) {
    if (!(await control.isVisible())) continue;
    const name = (await control.getAttribute('aria-label')) ?? (await control.evaluate(labelOf));
    names.push(name);
  }
  return names;
}

/** A control's label text, as the page writes it (its <label>, or its own text). */
function labelOf(element) {
  const labels = /** @type {HTMLInputElement} */ (element).labels;
  return (labels?.[0]?.textContent ?? element.textContent ?? '').trim();
}

/** Whether an element is visually hidden (in the accessibility tree, 1 px or less on screen). */
const visuallyHidden = (locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width <= 1 && box.height <= 1 && (element.textContent ?? '').trim() !== '';
  });

/** Expects the plain heatmap with the one Positions slider, and nothing else a reader sees or uses. */
async function expectPlainHeatmap(root) {
  const figure = root.locator('[data-figure="heatmap"]');
  expect(await visibleControls(root)).toEqual(['Positions']);
  await expect(figure.getByRole('slider', { name: 'Positions' })).toBeVisible();
  await expect(figure.locator('canvas').first()).toBeVisible();
  await expect(figure.locator('.pe-share')).toBeHidden();
  await expect(figure.locator('.pe-data')).toBeHidden();
  await expect(figure.locator('.pe-settings')).toBeHidden();
  // The caption and the summary stay, for screen readers.
  expect(await visuallyHidden(figure.locator('.pe-caption'))).toBe(true);
  await expect(figure.locator('.pe-summary')).toContainText('Heatmap of');
}

test('embed.html with plain=1&controls=positions: the heatmap and one slider, usable by keyboard and pointer', async ({
  page,
}) => {
  await page.goto(PLAIN_HEATMAP);
  await drawn(page);
  await expectPlainHeatmap(page);
  expect(await visuallyHidden(page.locator('#embed-title'))).toBe(true);
  await expect(page.locator('.embed-credit')).toBeHidden();
  // The slider moves the picture; dModel, which has no control here, stays as it was.
  const canvas = page.locator('[data-figure="heatmap"] canvas').first();
  await page.getByRole('slider', { name: 'Positions' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(canvas).toHaveAttribute('data-positions', '65');
  await expect(canvas).toHaveAttribute('data-dimensions', '512');
  // Pointing at the picture reads its value out.
  const box = await canvas.boundingBox();
  await page.mouse.move((box?.x ?? 0) + 20, (box?.y ?? 0) + 20);
  await expect(page.locator('.pe-readout')).toContainText(/position \d+, dimension \d+/);
  // A 360 px screen: nothing wider than it.
  await page.setViewportSize({ width: 360, height: 720 });
  await expect(page.getByRole('slider', { name: 'Positions' })).toBeInViewport();
  await expectNoHorizontalOverflow(page);
});

test('controls= names a few controls, none, or unknown names with a note; without it every control shows', async ({
  page,
}) => {
  await page.goto('embed.html?figure=heatmap&controls=positions,nope,dModel');
  await drawn(page);
  await expect(page.getByRole('alert')).toHaveText(
    'controls "nope" names no control here (its controls: dModel, positions, base, layout): left out.',
  );
  const figure = page.locator('[data-figure="heatmap"]');
  // Named controls stand beside the picture (none folded into Settings); the frame is whole without plain.
  await expect(figure.locator('.pe-controls').first().getByRole('slider')).toHaveCount(2);
  await expect(figure.locator('.pe-settings')).toBeHidden();
  await expect(figure.locator('.pe-caption')).toBeVisible();
  await expect(figure.locator('.pe-share')).toBeVisible();

  await page.goto('embed.html?figure=heatmap&controls=none');
  await drawn(page);
  // No control but the frame's own disclosures and the credit's link.
  expect(await visibleControls(page)).toEqual(['Data table', 'Share / export', 'PE Explorer']);
  await expect(figure.locator('.pe-controls').first()).toBeHidden();

  await page.goto('embed.html?figure=heatmap');
  await drawn(page);
  await expect(figure.getByRole('slider', { name: 'Model width d_model' })).toBeVisible();
  await expect(figure.locator('.pe-settings')).toBeVisible();
});

test('a name embed.html does not read is noted, as a refused value is; its own names are not', async ({
  page,
}) => {
  await page.goto('embed.html?figure=heatmap&theme=dark&plain=1&dmodel=128&positions=30');
  await drawn(page);
  await expect(page.getByRole('alert')).toHaveText(
    '"dmodel" = "128" is not a parameter here (its parameters: dModel, positions, base, layout): left out.',
  );
  await expect(page.locator('[data-figure="heatmap"] .pe-summary')).toContainText('30 positions');
});

test('a plain order figure: its words shown but not movable, no question, no fields; the chosen ones work', async ({
  page,
}) => {
  await page.goto('embed.html?figure=order&plain=1&controls=encoding');
  await drawn(page);
  const figure = page.locator('[data-figure="order"]');
  expect(await visibleControls(page)).toEqual(['none', 'sinusoidal', 'learned', 'RoPE', 'ALiBi']);
  await expect(figure.locator('.pe-order-chips').first()).toContainText('dog');
  await expect(figure.getByRole('button', { name: /dog, word/ })).toHaveCount(0);
  await expect(figure.getByText('A \u2212 B is not shown here.')).toBeVisible();
  await figure.getByRole('button', { name: 'sinusoidal' }).click();
  await expect(figure.locator('.pe-summary')).toContainText('sinusoidal encoding');

  // The sentence's own field, chosen by name, is the one control, shown with the layer's inside where it lives;
  // the question stays hidden.
  await page.goto('embed.html?figure=order&plain=1&controls=a');
  await drawn(page);
  await expect(figure.getByRole('textbox', { name: 'Sentence A' })).toBeVisible();
  await expect(figure.getByRole('textbox', { name: 'Sentence B' })).toBeHidden();
  await expect(figure.getByRole('button', { name: 'Move \u201cdog\u201d right' })).toHaveCount(1);
  await expect(figure.getByRole('button', { name: 'They will differ' })).toBeHidden();
});

test('<pe-figure plain controls="positions"> is the same figure, and follows its attributes', async ({
  page,
  baseURL,
}) => {
  // A page of the site's origin holding the element as a blog would.
  await page.route('**/plain-host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        '<!doctype html><html lang="en"><head><title>Host</title>' +
        `<script type="module" src="${baseURL}pe-figure.js"></script></head><body><main>` +
        '<pe-figure id="figure" figure="heatmap" plain controls="positions"></pe-figure></main></body></html>',
    }),
  );
  await page.goto('plain-host.html');
  const element = page.locator('#figure');
  await drawn(element);
  await expectPlainHeatmap(element);
  // Attributes change the figure in place: a second control (kebab-case), then the whole frame back.
  await element.evaluate((e) => e.setAttribute('controls', 'positions,d-model'));
  await expect(element.getByRole('slider', { name: 'Model width d_model' })).toBeVisible();
  await element.evaluate((e) => e.removeAttribute('plain'));
  await expect(element.locator('.pe-share')).toBeVisible();
  await expect(element.locator('.pe-caption')).toBeVisible();
  await element.evaluate((e) => e.setAttribute('controls', 'positions,bogus'));
  await expect(element.getByRole('alert')).toContainText('controls "bogus" names no control here');
  await expect(element.getByRole('slider', { name: 'Model width d_model' })).toBeHidden();
});

test('pe-explorer:set messages switch plain and the controls of an iframe', async ({ page }) => {
  await page.route('**/plain-parent.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        '<!doctype html><html lang="en"><head><title>Parent</title></head><body>' +
        '<iframe id="frame" title="Figure" src="embed.html?figure=heatmap" style="width: 100%; height: 900px">' +
        '</iframe></body></html>',
    }),
  );
  await page.goto('plain-parent.html');
  const frame = page.frameLocator('#frame');
  await drawn(frame.locator('main'));
  const send = (params) =>
    page.evaluate((p) => {
      const target = /** @type {HTMLIFrameElement} */ (document.getElementById('frame')).contentWindow;
      target?.postMessage({ type: 'pe-explorer:set', params: p }, '*');
    }, params);
  await send({ plain: true, controls: ['positions'] });
  await expect(frame.locator('.embed-credit')).toBeHidden();
  await expectPlainHeatmap(frame.locator('main'));
  expect(await visuallyHidden(frame.locator('#embed-title'))).toBe(true);
  // A message that sets a parameter only leaves the options as they are.
  await send({ positions: 30 });
  await expect(frame.locator('canvas').first()).toHaveAttribute('data-positions', '30');
  expect(await visibleControls(frame.locator('main'))).toEqual(['Positions']);
  await send({ plain: false, controls: 'none' });
  await expect(frame.locator('.pe-share')).toBeVisible();
  await expect(frame.locator('#embed-title')).toHaveText('The sinusoidal encoding as a heatmap');
  expect(await visuallyHidden(frame.locator('#embed-title'))).toBe(false);
  await expect(frame.getByRole('slider', { name: 'Positions' })).toBeHidden();
});

test('the Embed dialog writes plain and the chosen controls into both snippets, and previews them', async ({
  page,
}) => {
  await page.goto('embed.html?figure=heatmap&dModel=128');
  await drawn(page);
  const origin = new URL(page.url()).origin;
  await (
    await shareMenu(page.locator('[data-figure="heatmap"]'))
  )
    .getByRole('button', { name: 'Embed' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Embed or share/ });
  const iframe = dialog.getByRole('textbox', { name: 'Embed with an iframe' });
  const component = dialog.getByRole('textbox', { name: 'Embed with the web component' });
  // By default, as before: no options written.
  await expect(iframe).toHaveValue(/figure=heatmap&amp;dModel=128"/);
  await dialog.getByRole('checkbox', { name: /^Plain/ }).check();
  for (const name of ['Model width d_model (dModel)', 'Base', 'Layout']) {
    await dialog.getByRole('checkbox', { name }).uncheck();
  }
  await expect(iframe).toHaveValue(
    new RegExp(
      `src="${origin}/pe-explorer/embed\\.html\\?figure=heatmap&amp;dModel=128&amp;plain=1&amp;controls=positions"`,
    ),
  );
  await expect(component).toHaveValue(
    /<pe-figure figure="heatmap" d-model="128" plain="1" controls="positions"><\/pe-figure>$/,
  );
  await expect(dialog.getByRole('textbox', { name: 'Link to this figure' })).toHaveValue(
    `${origin}/pe-explorer/index.html?heatmap.dModel=128#heatmap`,
  );
  // The preview is the iframe snippet itself.
  await dialog.getByText('Preview', { exact: true }).click();
  const preview = page.frameLocator('.pe-embed-preview');
  await drawn(preview.locator('main'));
  await expectPlainHeatmap(preview.locator('main'));
  await expect(preview.locator('canvas').first()).toHaveAttribute('data-dimensions', '128');
  // No control at all: controls=none.
  await dialog.getByRole('checkbox', { name: 'Positions' }).uncheck();
  await expect(iframe).toHaveValue(/plain=1&amp;controls=none"/);
  await expect(component).toHaveValue(/ plain="1" controls="none"><\/pe-figure>$/);
  await expect(preview.locator('[data-figure="heatmap"] .pe-summary')).toHaveText(/\S/);
  expect(await visibleControls(preview.locator('main'))).toEqual([]);
  // A closed dialog leaves the page, and its preview's frame with it (a long session keeps nothing of the
  // dialogs it opened); the Embed button makes it anew.
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect.poll(() => page.frames().length).toBe(1);
  await page.locator('[data-figure="heatmap"]').getByRole('button', { name: 'Embed' }).click();
  await dialog.getByText('Preview', { exact: true }).click();
  await drawn(preview.locator('main'));
});

test('a parameter kept by controls= stays as it is when the picture is clicked (the ALiBi slopes set the head)', async ({
  page,
}) => {
  /** Clicks the slope bars right of their middle; returns the head the click was on. */
  const clickBars = async (figure) => {
    const box = await figure.locator('svg.pe-alibi-bars').boundingBox();
    await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) * 0.7, (box?.y ?? 0) + (box?.height ?? 0) / 2);
    const text = (await figure.locator('.pe-readout').textContent()) ?? '';
    const head = Number(/head (\d+) of 8/.exec(text)?.[1]);
    expect(head).toBeGreaterThan(1);
    return head;
  };
  const headOfMatrix = async (figure) => {
    await hoverCell(page, figure.locator('canvas.pe-alibi-canvas'), 10, 4, 16, 16);
    await expect(figure.locator('.pe-readout')).toContainText('query i 10, key j 4');
    return Number(/head (\d+), query/.exec((await figure.locator('.pe-readout').textContent()) ?? '')?.[1]);
  };
  await page.goto('embed.html?figure=alibi&controls=length');
  const figure = page.locator('[data-figure="alibi"]');
  await drawn(page);
  await clickBars(figure);
  expect(await headOfMatrix(figure)).toBe(1);
  // Where the head has its control, the same click chooses it.
  await page.goto('embed.html?figure=alibi');
  await drawn(page);
  const head = await clickBars(figure);
  expect(await headOfMatrix(figure)).toBe(head);
});

test('a value the chosen control moves is moved even where controls= keeps it (the lab batch with controls=size)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The batch has no control, so controls=size keeps it; the large model cannot run 256 sequences of 32 tokens
  // (lab/activations.js), so choosing it must lower the batch, as the note says, or the engine refuses the step.
  const figure = await openLab(page, '&controls=size&batch=256&length=32&seeds=1&schemes=rope');
  await figure.getByLabel('Model size', { exact: true }).selectOption('large');
  await expect(figure.locator('.pe-url-notes')).toHaveText(
    'batch "256" cannot stand with size: showing 169.',
  );
  await expect(figure.locator('.pe-lab-link')).toHaveAttribute('href', /[?&]batch=169(&|$)/);
  await figure.getByRole('button', { name: 'Step' }).click();
  await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 10 of 300', { timeout: 90_000 });
  await expect(figure.getByRole('alert').filter({ hasText: 'activations' })).toHaveCount(0);
  await expect(figure.locator('.pe-error')).toBeHidden();
});
