// The article's statements that a test can hold: the LLaMA convention, the ALiBi sentence at several head counts,
// the flat-dimension heading, the binary figure's spacing; and its navigation: the table of contents, heading
// links, references and the scorecard.
import { test, expect, live, openArticleFigure, openFigure, pressKey, sinusoid } from './fixtures.js';
import { engineInPage, expectNoHorizontalOverflow, settings, useNarrowScreen } from './fixtures.js';

/** ALiBi slopes as the authors' code computes them (get_slopes in attention_with_linear_biases). */
function authorsSlopes(n) {
  const powerOf2 = (k) => {
    const start = 2 ** -(2 ** -(Math.log2(k) - 3));
    return Array.from({ length: k }, (_, i) => start * start ** i);
  };
  if (Number.isInteger(Math.log2(n))) return powerOf2(n);
  const closest = 2 ** Math.floor(Math.log2(n));
  return [
    ...powerOf2(closest),
    ...authorsSlopes(2 * closest)
      .filter((_, i) => i % 2 === 0)
      .slice(0, n - closest),
  ];
}

/** "2^−3.5" as the article writes an exponent (a true minus sign). */
const power = (slope) => `2^${String(Math.round(Math.log2(slope) * 16) / 16).replace('-', '\u2212')}`;

test('the RoPE section names LLaMA\u2019s interleaved pairs and HF\u2019s permute, which is the engine\u2019s', async ({
  page,
}) => {
  await page.goto('index.html#rope');
  const rope = page.locator('#rope');
  await expect(rope).toContainText(
    "The RoFormer paper, GPT-J (Wang and Komatsuzaki, 2021) and Meta's reference LLaMA code pair neighbours (2i, 2i+1)",
  );
  await expect(rope).toContainText(
    "GPT-NeoX and Hugging Face transformers' Llama-family models (rotate_half) pair dimension i with i + d/2",
  );
  const convention = page.locator('#llama-convention');
  await expect(convention).toContainText('convert_llama_weights_to_hf.py');
  await expect(convention).toContainText("exactly the engine's interleaved-to-half permutation");
  // Hugging Face's permute: w.view(heads, d/2, 2, dim).transpose(1, 2).reshape(d, dim), on row indices of one head.
  const headDim = 16;
  const hf = [];
  for (let t = 0; t < 2; t += 1) for (let j = 0; j < headDim / 2; j += 1) hf.push(2 * j + t);
  const engine = await engineInPage(
    page,
    (pe, d) => Array.from(pe.ropePermutation(d, 'interleaved', 'half')),
    headDim,
  );
  expect(engine).toEqual(hf);
  await expect(page.locator('#mistakes')).toContainText('The best-known case is LLaMA');
});

test('the ALiBi sentence follows the head count and is true at 8, 12 and 16 heads', async ({ page }) => {
  const figure = await openArticleFigure(page, 'alibi', { timeout: 20000 });
  const rule = live(page, 'alibi', 'alibi-rule');
  const heads = (await settings(figure)).getByLabel('Heads', { exact: true });

  // 8 heads: 2^-1 .. 2^-8, every one a power of two.
  const eight = authorsSlopes(8);
  expect(eight.every((s) => Math.abs(Math.log2(s) - Math.round(Math.log2(s))) < 1e-9)).toBe(true);
  await expect(rule).toContainText('8 is a power of two');
  await expect(rule).toContainText(
    `from ${power(eight[0])} to ${power(eight[7])}, every one a power of two.`,
  );
  const at8 = await rule.textContent();

  // 12 heads: the 8-head slopes, then every other 16-head slope; the first extra is steeper than all eight.
  await pressKey(heads, 'ArrowRight', 4);
  await expect(rule).toContainText('12 is not a power of two');
  const twelve = authorsSlopes(12);
  const extra = twelve.slice(8);
  await expect(rule).toContainText(`authors' code takes the 8 slopes of 8 heads`);
  await expect(rule).toContainText(`4 of them: ${extra.map(power).join(', ')}.`);
  expect(extra[0]).toBeGreaterThan(Math.max(...twelve.slice(0, 8)));
  await expect(rule).toContainText('is steeper than all 8 of the first slopes');
  for (const x of extra.slice(1)) {
    expect(twelve.slice(0, 7).some((b, k) => b > x && x > twelve[k + 1])).toBe(true);
  }
  await expect(rule).toContainText('each of the others falls between two neighbouring first slopes');
  const engine12 = await engineInPage(page, (pe) => Array.from(pe.alibiSlopes(12)));
  engine12.forEach((s, i) => expect(Math.abs(s - twelve[i])).toBeLessThan(1e-15));

  // 16 heads: 2^-0.5 .. 2^-8, only half of them whole powers of two.
  await pressKey(heads, 'ArrowRight', 4);
  const sixteen = authorsSlopes(16);
  // The authors' code multiplies its way to each slope, so a power of two comes out within rounding of one.
  const whole = sixteen.filter((s) => Math.abs(Math.log2(s) - Math.round(Math.log2(s))) < 1e-9).length;
  expect(whole).toBe(8);
  await expect(rule).toContainText('16 is a power of two');
  await expect(rule).toContainText(
    `from ${power(sixteen[0])} to ${power(sixteen[15])}, ${whole} of the 16 are whole powers of two`,
  );
  expect(await rule.textContent()).not.toBe(at8);
  await expect(page.locator('#alibi')).not.toContainText('every one a power of two');
});

test('the range heading names the first flat dimension: 277 at the defaults, as the closed form has it', async ({
  page,
}) => {
  await page.goto('index.html#ranges');
  // The closed form over 64 positions: the first dimension that changes by less than 0.1, and the start of the
  // run of such dimensions that lasts to the end.
  const range = (dim) => {
    const values = Array.from({ length: 64 }, (_, p) => sinusoid(p, dim, 512));
    return Math.max(...values) - Math.min(...values);
  };
  const first = Array.from({ length: 512 }, (_, d) => d).find((d) => range(d) < 0.1);
  let tail = 512;
  while (tail > 0 && range(tail - 1) < 0.1) tail -= 1;
  expect(first).toBe(277);
  expect(tail).toBeGreaterThan(first);
  // What is shown (innerText leaves out the hidden alternative).
  await expect
    .poll(() => page.locator('#ranges-title').innerText())
    .toBe('The flat dimensions start at dimension 277');
  await expect(live(page, 'ranges', 'flatFrom').first()).toHaveText(String(tail));
  await expect(live(page, 'ranges', 'flatFromCount').first()).toHaveText(String(512 - tail));
  await expect(live(page, 'ranges', 'halfRange').first()).toHaveText(range(256).toFixed(2));
  const prose = page.locator('#ranges p').first();
  await expect(prose).toContainText(`It starts later than the middle`, { useInnerText: true });
  await expect(page.locator('#ranges p').nth(1)).toContainText(
    `Here the first flat dimensions are cosines, and not until dimension ${tail} does every later one`,
    { useInnerText: true },
  );
  const figure = page.locator('#ranges [data-figure="ranges"]');
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('[data-stat="flat-first"]')).toHaveText('dimension 277');
  await expect(figure.locator('[data-stat="flat-from"]')).toHaveText(`dimension ${tail}`);
});

test('the range prose stays true in a short window and in the split layout, as the closed form has it', async ({
  page,
}) => {
  // The closed form in either layout: split puts every sine (pair d) before every cosine (pair d - dModel/2).
  const value = (pos, dim, layout) =>
    layout === 'split'
      ? sinusoid(pos, dim < 256 ? 2 * dim : 2 * (dim - 256) + 1, 512)
      : sinusoid(pos, dim, 512);
  const flatOf = (positions, layout) => {
    const range = (dim) => {
      const values = Array.from({ length: positions }, (_, p) => value(p, dim, layout));
      return Math.max(...values) - Math.min(...values);
    };
    const dims = Array.from({ length: 512 }, (_, d) => d);
    let tail = 512;
    while (tail > 0 && range(tail - 1) < 0.1) tail -= 1;
    return { first: dims.find((d) => range(d) < 0.1), tail, half: range(256) };
  };

  const short = flatOf(32, 'interleaved');
  expect(short.first).toBeLessThanOrEqual(256);
  await page.goto('index.html?sinusoidal.positions=32#ranges');
  const [first, second] = [page.locator('#ranges p').first(), page.locator('#ranges p').nth(1)];
  await expect
    .poll(() => page.locator('#ranges-title').innerText())
    .toBe(`The flat dimensions start at dimension ${short.first}`);
  await expect(first).toContainText(
    `Over the first 32 positions it starts in the left half: dimension 256, the first of the right half, ` +
      `changes by ${short.half.toFixed(2)}.`,
    { useInnerText: true },
  );
  await expect(first).not.toContainText('later than the middle', { useInnerText: true });

  const split = flatOf(64, 'split');
  expect(split.first).toBeLessThan(256); // a sine
  expect(split.tail).toBeGreaterThan(256); // a cosine
  await page.goto('index.html?sinusoidal.layout=split#ranges');
  await expect
    .poll(() => page.locator('#ranges-title').innerText())
    .toBe(`The flat dimensions start at dimension ${split.first}`);
  await expect(second).toContainText(
    `In this layout every sine comes before every cosine, so the first flat dimension is a slow sine, and ` +
      `among the cosines, which make up the right half, not until dimension ${split.tail} does every later ` +
      `one, the ${512 - split.tail} slowest cosines, change by less than 0.1.`,
    { useInnerText: true },
  );
  await expect(second).not.toContainText('Here the first flat dimensions are cosines', {
    useInnerText: true,
  });
});

test('the binary figure states the spacing of the pairs it shows, as the closed form has it', async ({
  page,
}) => {
  const figure = await openFigure(page, 'binary');
  await expect(figure.locator('.pe-binary-clock')).toHaveCount(6);
  const pairs = (
    await figure.locator('.pe-binary-clock').evaluateAll((c) => c.map((e) => e.dataset.pair))
  ).map(Number);
  expect(pairs.length).toBeGreaterThan(2);
  const spacing = figure.locator('.pe-binary-spacing');
  const neighbour = 10000 ** (2 / 512);
  await expect(spacing).toContainText(`factor of ${neighbour.toFixed(4)}, not 2`);
  const text = await spacing.textContent();
  for (let k = 1; k < pairs.length; k += 1) {
    const [a, b] = [pairs[k - 1], pairs[k]];
    const match = text.match(
      new RegExp(`pair ${a} to ${b}: (\\d+) pairs apart, period \u00d7 (\\d+(?:\\.\\d+)?)`),
    );
    expect(match, text).not.toBeNull();
    expect(Number(match[1])).toBe(b - a);
    expect(Math.abs(Number(match[2]) - neighbour ** (b - a))).toBeLessThan(0.006);
  }
  // The gaps are many pairs wide: the clocks are not neighbouring pairs.
  expect(pairs[1] - pairs[0]).toBeGreaterThan(10);
});

test('the columns prose says how many pairs it takes for the period to double', async ({ page }) => {
  await page.goto('index.html#columns');
  await expect(live(page, 'columns', 'ratio')).toHaveText((10000 ** (2 / 512)).toFixed(4));
  await expect(live(page, 'columns', 'pairsPerDoubling')).toHaveText(
    (Math.log(2) / Math.log(10000 ** (2 / 512))).toPrecision(3),
  );
});

test('the contents list every section, stay in view, follow the reader and scroll to a section', async ({
  page,
}) => {
  await page.goto('index.html');
  const toc = page.locator('nav#toc');
  const links = toc.locator('.toc-link:not(.toc-link-deeper)');
  const ids = await page.locator('main .section[id]').evaluateAll((s) => s.map((e) => e.id));
  await expect(links).toHaveCount(ids.length);
  expect(await links.evaluateAll((a) => a.map((e) => e.getAttribute('href')))).toEqual(
    ids.map((id) => `#${id}`),
  );
  for (const id of ['intro', 'scorecard', 'references']) expect(ids).toContain(id);
  await expect(toc.locator('.toc-toggle')).toBeHidden();
  await expect(links.first()).toHaveAttribute('aria-current', 'true');

  await toc.locator('a[href="#alibi"]').click();
  await expect(page).toHaveURL(/#alibi$/);
  await expect(page.locator('#alibi-title')).toBeInViewport();
  await expect(toc.locator('a[href="#alibi"]')).toHaveAttribute('aria-current', 'true');
  await expect(toc.locator('[aria-current]')).toHaveCount(1);
  // Sticky: the list is still on screen far down the article.
  await expect(toc.locator('a[href="#alibi"]')).toBeInViewport();

  // Scrolling (not a link) moves the mark too. Sections not yet seen take an estimated height, so a jump far
  // down lands elsewhere once they render at their own: scroll again until the section's top stays put.
  await expect
    .poll(() =>
      page.locator('#learned').evaluate((s) => {
        const top = Math.round(s.getBoundingClientRect().top);
        if (top !== -20) window.scrollTo(0, top + scrollY + 20);
        return top;
      }),
    )
    .toBe(-20);
  await expect(toc.locator('a[href="#learned"]')).toHaveAttribute('aria-current', 'true');
  await expect(toc.locator('a[href="#alibi"]')).not.toHaveAttribute('aria-current');
});

test('on a 360 px phone the contents open behind a button and close when a link is followed', async ({
  page,
}) => {
  await useNarrowScreen(page);
  await page.goto('index.html');
  const toc = page.locator('nav#toc');
  const toggle = toc.getByRole('button', { name: 'Contents' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toc.locator('.toc-list')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toc.locator('.toc-list')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await toc.locator('a[href="#scorecard"]').click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/#scorecard$/);
  await expect(page.locator('#scorecard-title')).toBeInViewport();
  // The scorecard scrolls inside its labelled box, not the page.
  const box = page.locator('#scorecard .scroll-box');
  await expect(box).toHaveAttribute('tabindex', '0');
  await expect(box).toHaveAttribute('aria-label', /Scorecard/);
  await expectNoHorizontalOverflow(page);
});

test('every heading of the article has an id and a link to itself with a name', async ({ page }) => {
  await page.goto('index.html');
  // Headings inside Going deeper blocks too: open them so that their links can take focus.
  await page.locator('main details.deeper').evaluateAll((all) => all.forEach((d) => (d.open = true)));
  const headings = await page.evaluate(() =>
    [...document.querySelectorAll('.section h1, .section h2, .section h3')]
      .filter((h) => !h.closest('[data-mount], .pe-figure, .pe-section-bar'))
      .map((h) => {
        const anchor = h.parentElement.querySelector(':scope > a.heading-anchor');
        return { id: h.id, href: anchor?.getAttribute('href'), label: anchor?.getAttribute('aria-label') };
      }),
  );
  expect(headings.length).toBeGreaterThan(18);
  for (const { id, href, label } of headings) {
    expect(id).not.toBe('');
    expect(href).toBe(`#${id}`);
    expect(label).toMatch(/^Link to \u201c.+\u201d$/);
  }
  const anchor = page.locator('a.heading-anchor[href="#criteria-title"]');
  await anchor.focus();
  await expect(anchor).toHaveCSS('opacity', '1');
});

test('every reference link in the text resolves to an entry, and published figures carry their source', async ({
  page,
}) => {
  await page.goto('index.html');
  const targets = await page
    .locator('main a[href^="#ref-"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href').slice(1)))]);
  expect(targets.length).toBeGreaterThan(10);
  for (const id of targets) await expect(page.locator(`#references li#${id}`)).toHaveCount(1);
  // And every entry is cited from the text.
  const entryIds = await page.locator('#references li').evaluateAll((items) => items.map((li) => li.id));
  expect(entryIds.filter((id) => !targets.includes(id))).toEqual([]);
  // Every entry has authors or an owner, a title, a year and an address.
  const entries = await page.locator('#references li').evaluateAll((items) =>
    items.map((li) => ({
      id: li.id,
      cite: !!li.querySelector('cite'),
      link: !!li.querySelector('a[href^="https://"]'),
      year: /\b(19|20)\d\d\b/.test(li.textContent),
    })),
  );
  for (const entry of entries)
    expect(entry, entry.id).toEqual({ id: entry.id, cite: true, link: true, year: true });
  const published = page.locator('.published');
  expect(await published.count()).toBeGreaterThanOrEqual(3);
  for (const mark of await published.all()) await expect(mark.locator('a.cite')).not.toHaveCount(0);
  // The sources' numbers that the engine does not compute: Table 3, ALiBi's 1.3B model, PI's 32,768 tokens.
  await expect(page.locator('#alibi .published')).toContainText('Press et al., 2022');
  await expect(page.locator('#extension .published').first()).toContainText('32,768 tokens');
  await expect(page.locator('#mixing')).toContainText('Ke et al. (2021)');
  // One notation: the pair frequency is theta everywhere, never omega.
  expect(await page.locator('main').evaluate((main) => /\u03c9/.test(main.textContent ?? ''))).toBe(false);
  await expect(page.locator('.site-footer')).toContainText('not marked as published');
});

test('the scorecard rates every scheme, as an accessible table', async ({ page }) => {
  await page.goto('index.html#scorecard');
  const table = page.locator('#scorecard table');
  await expect(table.locator('caption')).not.toBeEmpty();
  const schemes = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.scheme));
  expect(schemes).toEqual([
    'none',
    'integer',
    'normalised',
    'sinusoidal',
    'learned',
    'relative',
    'rope',
    'alibi',
  ]);
  await expect(table.locator('tbody th[scope="row"]')).toHaveCount(8);
  const columns = await table.locator('thead th').allTextContents();
  expect(columns).toEqual([
    'Scheme',
    'Unique per position',
    'Bounded',
    'Deterministic',
    'Same across lengths',
    'Offsets easy to read',
    'Parameters',
    'Enters the model',
    'Extrapolates',
    'Used by',
  ]);
  await expect(table.locator('thead th[scope="col"]')).toHaveCount(10);
  // The models the scorecard names, each with a citation.
  const usedBy = table.locator('tbody td:last-child');
  for (const [row, names] of [
    [4, ['BERT', 'GPT-2']],
    [6, ['LLaMA', 'Qwen']],
    [7, ['BLOOM', 'MPT']],
  ]) {
    for (const name of names) await expect(usedBy.nth(row)).toContainText(name);
    await expect(usedBy.nth(row).locator('a.cite')).toHaveCount(names.length + (row === 6 ? 1 : 0));
  }
});

test('the permutation proof in the introduction fits the column at 1280 and 360 px (no scroll box)', async ({
  page,
}) => {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('index.html');
    const proof = page.locator('#intro .math').nth(1);
    await expect(proof.locator('.katex')).toHaveCount(1);
    expect(await proof.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  }
});
