// Functions that run inside the page. drivers.mjs sends each as source, so each is self-contained; they share
// the helpers record.js puts in every page (window.__cross: waitFor, frames, drawing, problems). They wait on real
// conditions (an attribute, a changed drawing), never on a fixed sleep.

/**
 * Scrolls to each figure slot of the article in turn, as a reader would, waits until it has mounted, and reports
 * what each drew (window.__cross.drawing), the live numbers left empty, sideways overflow and the scheme.
 */
export async function scrollThroughArticle(timeoutMs) {
  const { waitFor, drawn, problems } = window.__cross;
  const figures = [];
  for (const slot of document.querySelectorAll('[data-mount]')) {
    const id = slot.dataset.mount;
    // Sections not yet seen have an estimated height until they render, and WebKit has no scroll anchoring to
    // make up the difference: the slot may end up far from where the scroll put it. A reader would scroll on to
    // it, and so does this, until it is in view.
    const inView = () => {
      const box = slot.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    };
    slot.scrollIntoView({ block: 'center' });
    const mounted = await waitFor(
      `figure ${id} to mount`,
      () => {
        if (!inView()) slot.scrollIntoView({ block: 'center' });
        return slot.dataset.figure === id && !slot.hasAttribute('aria-busy');
      },
      timeoutMs,
    ).catch(() => false);
    if (!mounted) {
      const state = `data-figure=${slot.dataset.figure}, aria-busy=${slot.getAttribute('aria-busy')}`;
      figures.push({ id, unmounted: `${state}: ${slot.textContent.trim().slice(0, 200)}` });
      continue;
    }
    figures.push({ id, ...(await drawn(slot, timeoutMs)) });
  }
  return {
    figures,
    emptyLive: [...document.querySelectorAll('output.live')]
      .filter((output) => output.textContent.trim() === '')
      .map((output) => output.dataset.live),
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    // The contents list: one entry per section of the article.
    contents: [
      document.querySelectorAll('#toc .toc-list > li').length,
      document.querySelectorAll('main .section[id]').length,
    ],
    background: getComputedStyle(document.body).backgroundColor,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
    problems,
  };
}

/**
 * The article's text face (issue 21): whether the family `face` has loaded faces (each as "weight style"), the
 * family the first paragraph is set in, and the height of the first ten paragraphs of prose with no live number
 * or formula (filled in after load) at the article's width (their sections laid out first: content-visibility
 * skips those out of view).
 */
export async function textFace(face, timeoutMs) {
  const { waitFor, problems } = window.__cross;
  const loaded = () =>
    [...document.fonts]
      .filter((f) => f.family.replace(/"/g, '') === face && f.status === 'loaded')
      .map((f) => `${{ normal: '400', bold: '700' }[f.weight] ?? f.weight} ${f.style}`);
  await document.fonts.ready;
  await waitFor(`${face} to load`, () => loaded().length > 0, timeoutMs).catch(() => null);
  const paragraphs = [...document.querySelectorAll('#article .section > p:not(:has(output, .katex))')].slice(
    0,
    10,
  );
  for (const p of paragraphs) p.closest('.section').style.contentVisibility = 'visible';
  return {
    loaded: loaded(),
    family: getComputedStyle(paragraphs[0]).fontFamily,
    height: paragraphs.reduce((sum, p) => sum + p.getBoundingClientRect().height, 0),
    problems,
  };
}

/** The WebAssembly files the page has downloaded (from the Resource Timing entries). */
export async function wasmLoaded() {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname.split('/').pop())
    .filter((file) => file.endsWith('.wasm'));
}

/** Scrolls the element into the middle of the view and waits for two frames. */
export async function inView(selector) {
  document.querySelector(selector).scrollIntoView({ block: 'center' });
  await window.__cross.frames();
}

/** Waits for the embed page's figure to mount and reports what it drew. */
export async function embedDrawn(timeoutMs) {
  const { waitFor, drawn, problems } = window.__cross;
  const root = await waitFor(
    'the figure to mount',
    () => document.querySelector('[data-figure]:not([aria-busy])'),
    timeoutMs,
  );
  const found = await drawn(root, timeoutMs);
  // What the figure holds, for the message when it drew nothing: its canvases' sizes, its marks, any error.
  const sizes = [...root.querySelectorAll('canvas')].map((c) => `${c.width}x${c.height}`).join(' ');
  const errors = [...root.querySelectorAll('.pe-error, [role="alert"]')].map((e) => e.textContent?.trim());
  const holds = `canvases ${sizes || 'none'}, ${root.querySelectorAll('svg').length} svgs, errors ${JSON.stringify(errors)}, text "${root.textContent.trim().slice(0, 100)}"`;
  return { ...found, problems, page: location.href, holds };
}

/** Waits until both <pe-figure> elements of the blog have mounted in their shadow roots; what each drew. */
export async function blogFigures(timeoutMs) {
  const { waitFor, drawn, problems } = window.__cross;
  const elements = [...document.querySelectorAll('pe-figure')];
  const roots = await waitFor(
    'both elements to mount',
    () => {
      const found = elements.map((element) =>
        element.shadowRoot?.querySelector('[data-figure]:not([aria-busy])'),
      );
      return found.every(Boolean) && found;
    },
    timeoutMs,
  );
  const figures = [];
  for (const root of roots) figures.push({ id: root.dataset.figure, ...(await drawn(root, timeoutMs)) });
  return { figures, problems };
}

/**
 * The value of figure `id`'s slider labelled `label` (marked data-cross-slider, for the driver's key press), its
 * figure's text and drawing. With `before`, first waits until the value and the drawing differ from it (the
 * redraw a key press causes).
 */
export async function keyboardRedraws(id, label, before, timeoutMs) {
  const { waitFor, frames, drawing, problems } = window.__cross;
  const figure = document.querySelector(`[data-figure="${id}"]`);
  const slider = [...figure.querySelectorAll('input[type="range"]')].find(
    (input) =>
      (input.getAttribute('aria-label') ?? '').startsWith(label) ||
      [...(input.labels ?? [])].some((l) => l.textContent.trim().startsWith(label)),
  );
  slider.setAttribute('data-cross-slider', '');
  const now = () => ({
    value: slider.value,
    text: [...figure.querySelectorAll('.pe-summary, [data-readout], output')]
      .map((e) => e.textContent)
      .join('|'),
    picture: drawing(figure).fingerprint,
  });
  if (before) {
    await waitFor(
      'the figure to redraw',
      () => {
        const state = now();
        return state.value !== before.value && state.picture !== before.picture;
      },
      timeoutMs,
    );
    await frames();
  }
  return { ...now(), problems };
}

/**
 * Presses Play on the lab; waits until its loss curves have points, then until the step counter has counted
 * `steps` (it must show progress while the curves do) and `schemes` schemes have curves; pauses; reports the
 * schemes with curves.
 */
export async function afterSteps(steps, schemes, timeoutMs) {
  const { waitFor, problems } = window.__cross;
  const figure = await waitFor(
    'the lab',
    () => document.querySelector('[data-figure="lab"]:not([aria-busy])'),
    timeoutMs,
  );
  const button = (label) =>
    [...figure.querySelectorAll('button')].find((b) => b.textContent.trim() === label);
  const play = await waitFor(
    'Play to be enabled',
    () => !button('Play')?.disabled && button('Play'),
    timeoutMs,
  );
  play.click();
  const step = () =>
    Number(
      (figure.querySelector('.pe-lab-counter')?.textContent ?? '')
        .match(/Step ([\d,]+)/)?.[1]
        .replace(/,/g, '') ?? 0,
    );
  const drawn = () =>
    [...figure.querySelectorAll('.pe-lab-chart-loss path[class*="pe-lab-curve-"]')]
      .filter((path) => /^M.+L/.test(path.getAttribute('d') ?? ''))
      .map((path) => path.getAttribute('class').match(/pe-lab-curve-(\w+)/)[1]);
  await waitFor('the loss curves', () => drawn().length > 0, timeoutMs);
  // The counter is drawn with the curves, not seconds later.
  await waitFor('the step counter to move with the curves', () => step() > 0, 1000);
  await waitFor(`step ${steps}`, () => step() >= steps, timeoutMs);
  await waitFor(`${schemes} schemes' curves`, () => new Set(drawn()).size >= schemes, timeoutMs);
  button('Pause')?.click();
  return { step: step(), curves: [...new Set(drawn())].sort(), problems };
}

/** Waits for figure `id` of the article to mount (a link scrolls to it) and reads its slider labelled "Offset". */
export async function restoredValue(id, timeoutMs) {
  const { waitFor, problems } = window.__cross;
  const slot = document.querySelector(`[data-mount="${id}"]`);
  await waitFor(
    `figure ${id} to mount`,
    () => slot.dataset.figure === id && !slot.hasAttribute('aria-busy'),
    timeoutMs,
  );
  const slider = [...slot.querySelectorAll('input[type="range"]')].find(
    (input) =>
      /^Offset/.test(input.getAttribute('aria-label') ?? '') ||
      [...(input.labels ?? [])].some((l) => /^\s*Offset/.test(l.textContent)),
  );
  return { value: slider?.value ?? null, problems };
}

/** Runs axe-core (already injected) on the page with the rules the Playwright suite uses; the violations. */
export async function axeViolations() {
  const { violations } = await window.axe.run(document, { rules: { 'target-size': { enabled: true } } });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The engine's results that every engine must compute bitwise alike, each as a digest of its bytes (FNV-1a) and
 * its first values: the sinusoidal table, RoPE and ALiBi's slopes at three sizes, and a 50-step lab run's loss
 * curve. `engineDir` is the URL of the directory with pe-engine.js and pe-lab.js (the page's, or a file: URL in
 * Node); `suffix` '.scalar' loads the scalar modules.
 */
export async function engineNumbers(engineDir, suffix = '') {
  const digest = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    let hash = 0x811c9dc5;
    for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    return `${array.length}:${hash.toString(16)}:${Array.from(array.slice(0, 3)).join(',')}`;
  };
  const wasmBinary = async (name) => {
    const url = new URL(`${name}${suffix}.wasm`, engineDir);
    if (url.protocol === 'file:') return (await import('node:fs')).readFileSync(url);
    return new Uint8Array(await (await fetch(url)).arrayBuffer());
  };
  const start = async (name) =>
    (await import(`${engineDir}${name}.js`)).default({ wasmBinary: await wasmBinary(name) });
  const pe = await start('pe-engine');
  const lab = await start('pe-lab');
  const out = {};
  for (const [positions, dModel, heads] of [
    [16, 8, 3],
    [64, 64, 8],
    [512, 256, 12],
  ]) {
    out[`sinusoidal ${positions}x${dModel}`] = digest(
      pe.sinusoidalTable(positions, dModel, 10000, 'interleaved'),
    );
    // Inputs exact in binary (no Math.sin, whose last bit may differ between engines).
    const x = new Float32Array(positions * dModel).map((_, i) => (((i * 7919) % 2001) - 1000) / 512);
    for (const convention of ['interleaved', 'half']) {
      out[`rope ${positions}x${dModel} ${convention}`] = digest(
        pe.ropeRotate(x, positions, dModel, 3, 10000, convention, 1),
      );
    }
    out[`alibi ${heads} heads`] = digest(pe.alibiSlopes(heads));
  }
  const model = new lab.Lab({
    dModel: 16,
    nHeads: 2,
    nLayers: 1,
    length: 8,
    batch: 8,
    steps: 50,
    warmup: 10,
  });
  try {
    out['lab loss, 50 steps'] = digest(model.train(50).loss);
  } finally {
    model.delete();
  }
  return out;
}

/**
 * Arms `traps` engine calls to trap (tests/trap/hook.js), then moves the naive figure's offset one step by the
 * slider's own input event, and reports what the figure shows once it has settled: the offset bar's label, the
 * failure box's text, the module instances started, and the problems recorded.
 */
export async function trapAndStep(traps, timeoutMs) {
  const { waitFor, frames, problems } = window.__cross;
  const figure = document.querySelector('[data-figure="naive"]');
  const slider = [...figure.querySelectorAll('input[type="range"]')].find((input) =>
    [...(input.labels ?? [])].some((l) => l.textContent.trim().startsWith('Offset k')),
  );
  const bar = () => figure.querySelectorAll('g.pe-naive-bar')[1]?.getAttribute('aria-label') ?? '';
  const box = () => figure.querySelector('.pe-load-failure[data-failure="stopped"]');
  const before = bar();
  window.__peTraps = traps;
  slider.value = String(Number(slider.value) + 1);
  slider.dispatchEvent(new Event('input', { bubbles: true }));
  await waitFor('the figure to redraw or stop', () => box() || bar() !== before, timeoutMs);
  await frames();
  return {
    value: slider.value,
    bar: bar(),
    stopped: box()?.querySelector('.pe-load-what')?.textContent ?? null,
    instances: window.__peInstances,
    trapsLeft: window.__peTraps,
    problems,
  };
}
