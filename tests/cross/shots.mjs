// The side-by-side screenshots (shots.test.mjs): the page function that waits for an embedded figure to be
// drawn and settled, the rule for a blank shot, the size check against Chromium's shot, and the index page that
// shows every figure in every engine, one row per figure x width x theme.

/**
 * Runs in the page (embed.html): with `theme`, first switches the page to that scheme in place, as the article's
 * toggle does (the root's data-theme, then the figures told to read the scheme again: record.js's
 * schemeChanged), and waits for the page's background to change. Then waits until the figure has mounted and
 * drawn (the lab, which draws its charts only once trained: until its Play button is enabled) and until its
 * drawing, its size and the colours look the same twice, two frames apart, with the fonts loaded. Reports the
 * figure's box (CSS pixels), the viewport's height, the page's background and the errors recorded.
 */
export async function figureSettled(timeoutMs, theme = null) {
  const { waitFor, frames, drawing, schemeChanged, problems } = window.__cross;
  const background = () => getComputedStyle(document.body).backgroundColor;
  if (theme !== null) {
    const before = background();
    document.documentElement.dataset.theme = theme;
    schemeChanged();
    await waitFor(`the ${theme} scheme`, () => background() !== before, timeoutMs);
  }
  const root = await waitFor(
    'the figure to mount',
    () => document.querySelector('[data-figure]:not([aria-busy])'),
    timeoutMs,
  );
  const ready = () => {
    if (root.dataset.figure === 'lab') return root.querySelector('.pe-lab-play:not(:disabled)');
    const found = drawing(root);
    return found.canvases + found.marks + found.cells > 0;
  };
  await waitFor(`figure ${root.dataset.figure} to draw`, ready, timeoutMs);
  await document.fonts.ready;
  const look = () => {
    const box = root.getBoundingClientRect();
    return `${drawing(root).fingerprint} ${box.width} ${box.height} ${background()} ${getComputedStyle(root).color}`;
  };
  const until = performance.now() + timeoutMs;
  for (let last = look(); ;) {
    await frames();
    const now = look();
    if (now === last) break;
    if (performance.now() > until) throw new Error(`figure ${root.dataset.figure} never settled`);
    last = now;
  }
  const box = root.getBoundingClientRect();
  return {
    id: root.dataset.figure,
    bottom: Math.ceil(box.bottom),
    width: Math.round(box.width),
    height: Math.round(box.height),
    innerHeight: window.innerHeight,
    background: background(),
    problems,
  };
}

/**
 * Whether a shot is blank. The rule: its most common colour is taken as the background, and a pixel carries ink
 * when its channels differ from that colour by more than 48 in sum; a shot with ink in fewer than 0.5 % of its
 * pixels (or no pixels at all) is blank. A drawn figure has its title, axes, labels and marks: the emptiest
 * (the lab before training, text and buttons only) has several percent. Works alike on light and dark shots.
 */
export function isBlank({ width, height, data }) {
  if (width === 0 || height === 0) return true;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let background = 0;
  let most = 0;
  for (const [key, count] of counts) if (count > most) [background, most] = [key, count];
  const [r, g, b] = [background >> 16, (background >> 8) & 255, background & 255];
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) > 48) ink += 1;
  }
  return ink < 0.005 * width * height;
}

/** How far a size is off the reference's: the larger of the width's and the height's relative differences. */
export function sizeOff(size, reference) {
  const off = (a, b) => (b === 0 ? (a === 0 ? 0 : Infinity) : Math.abs(a - b) / b);
  return Math.max(off(size.width, reference.width), off(size.height, reference.height));
}

const escape = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The index page: a table with a row per figure x width x theme and a column per engine; each cell the shot
 * (relative to the page), its size in pixels and, when it failed a check, why. Static HTML, no script.
 * @param {{ name: string, label: string, version: string }[]} engines
 * @param {{ id: string, width: number, theme: string }[]} rows
 * @param {Map<string, { file?: string, width?: number, height?: number, failures: string[] }>} cells keyed
 *   `${engine}/${id}-${width}-${theme}`
 */
export function indexPage(engines, rows, cells, when) {
  const head = engines
    .map((e) => `<th scope="col">${escape(e.label)}<br><small>${escape(e.version)}</small></th>`)
    .join('');
  const body = rows
    .map(({ id, width, theme }) => {
      const key = `${id}-${width}-${theme}`;
      const tds = engines.map(({ name }) => {
        const cell = cells.get(`${name}/${key}`);
        if (!cell) return '<td class="none">not run</td>';
        const failed = cell.failures.length > 0;
        const image = cell.file
          ? `<img src="${escape(cell.file)}" alt="${escape(`${key} in ${name}`)}" loading="lazy">`
          : '';
        const size = cell.file ? `<div>${cell.width} \u00d7 ${cell.height} px</div>` : '';
        const why = failed ? `<div class="why">${cell.failures.map(escape).join('<br>')}</div>` : '';
        return `<td class="${failed ? 'failed' : 'ok'} ${theme}">${image}${size}${why}</td>`;
      });
      return `<tr><th scope="row">${escape(id)}<br>${width} px<br>${theme}</th>${tds.join('')}</tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>PE Explorer: every figure in every engine</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 1rem; }
  table { border-collapse: collapse; }
  th, td { border: 1px solid #bbb; padding: 6px; vertical-align: top; text-align: left; }
  thead th { position: sticky; top: 0; background: #fff; }
  td img { display: block; max-width: 400px; max-height: 520px; border: 1px solid #ddd; }
  td.dark { background: #333; color: #eee; }
  td.failed { outline: 4px solid #d00; outline-offset: -4px; }
  .why { color: #d00; font-weight: bold; }
  td.dark .why { color: #f88; }
</style>
<h1>PE Explorer: every figure in every engine</h1>
<p>${escape(when)}. Chromium is the reference; a cell outlined in red failed a check (blank, or its width or
height more than 10 % off Chromium's). Images are scaled down to fit; open one for its real size.</p>
<table>
<thead><tr><th scope="col">figure</th>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</html>
`;
}
