// Injected into every page the cross-browser tests open (scripts/serve-static.mjs with INJECT), before the page's
// own scripts: records what a reader's console would show as an error (uncaught errors and rejections,
// console.error, Content-Security-Policy violations) in window.__crossProblems of the page and, from a frame of
// the same origin, of the top window too. Classic WebDriver has no console log; this works alike in every engine.
// Also the helpers the tests' page functions share (window.__cross), since each is sent to the page on its own.
(() => {
  const mine = [];
  window.__crossProblems = mine;
  const sinks = [mine];
  try {
    if (window.top !== window && window.top.__crossProblems) sinks.push(window.top.__crossProblems);
  } catch {
    // another origin's frame: its own list only
  }
  const where = window === window.top ? '' : ` (in ${location.pathname}${location.search})`;
  const note = (text) => {
    for (const sink of sinks) sink.push(`${text}${where}`);
  };
  // WebKit reports a ResizeObserver loop as "Script error." with no file or line (its report names no script).
  // Every observation is watched so that such an error can name the elements whose size changed again after
  // their observer's callback in the same frame: the ones the browser had to leave undelivered. The sizes are
  // the entries' own (a border box, as the browser measured it): measuring here would lay the page out inside
  // the callback, which can itself change what the browser observes.
  const delivered = new Map();
  const Observer = window.ResizeObserver;
  const rounded = (x) => Math.round(x * 100) / 100;
  const label = (target) =>
    `${target.localName}${target.id ? `#${target.id}` : ''}${[...target.classList].map((c) => `.${c}`).join('')}`;
  if (Observer) {
    window.ResizeObserver = class extends Observer {
      constructor(callback) {
        super((entries, observer) => {
          for (const entry of entries) {
            const box = entry.borderBoxSize?.[0];
            if (box) delivered.set(entry.target, `${rounded(box.inlineSize)}x${rounded(box.blockSize)}`);
          }
          return callback(entries, observer);
        });
      }
    };
  }
  const undelivered = () =>
    [...delivered]
      .map(([target, size]) => {
        if (!target.isConnected) return '';
        const { width, height } = target.getBoundingClientRect();
        const now = `${rounded(width)}x${rounded(height)}`;
        return now === size ? '' : `${label(target)} ${size} -> ${now}`;
      })
      .filter(Boolean)
      .join(', ');
  const describe = (value) =>
    value instanceof Error ? `${value.name}: ${value.message}` : String(value?.message ?? value);
  window.addEventListener(
    'error',
    (event) => {
      // A resource that failed to load fires 'error' on its element, seen here in the capture phase. A preload is
      // a hint (Firefox fires 'error' on a modulepreload of a module already loaded); what it names is imported
      // anyway and fails loudly there if it cannot load.
      const target = event.target;
      if (target !== window && target instanceof Element) {
        if (target.matches('link[rel="modulepreload"], link[rel="preload"]')) return;
        note(`failed to load: ${target.getAttribute('src') ?? target.getAttribute('href')}`);
      } else {
        // A browser hides the details of an error whose top frame has no script of this origin ("Script
        // error.", as WebKit reports a ResizeObserver loop): where it was raised, or what resized, is all there is.
        const changed = event.filename || event.error ? '' : undelivered();
        const at = event.filename
          ? ` (at ${event.filename}:${event.lineno}:${event.colno})`
          : changed && ` (resized after their observer's callback: ${changed})`;
        note(`page error: ${describe(event.error ?? event.message)}${event.error ? '' : at}`);
      }
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) =>
    note(`unhandled rejection: ${describe(event.reason)}`),
  );
  document.addEventListener('securitypolicyviolation', (event) =>
    note(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`),
  );
  const error = console.error.bind(console);
  console.error = (...args) => {
    note(`console error: ${args.map(describe).join(' ')}`);
    error(...args);
  };

  /** Polls test() until it returns something truthy (resolving to it) or timeoutMs passes (rejecting). */
  const waitFor = async (what, test, timeoutMs) => {
    const until = performance.now() + timeoutMs;
    for (;;) {
      const value = test();
      if (value) return value;
      if (performance.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** Resolves after the next two frames have rendered. */
  const frames = () =>
    new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))));
  /**
   * What root drew: canvases with more than one colour, SVG marks of non-zero size, cells with a background
   * colour of their own, or the lab's note of what its charts will show (before its first step it has nothing
   * else to draw); its size; and a fingerprint of all of it that changes when the drawing does.
   */
  const drawing = (root) => {
    let canvases = 0;
    let fingerprint = 0;
    for (const canvas of root.querySelectorAll('canvas')) {
      if (!canvas.width || !canvas.height) continue;
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      let varied = false;
      for (let i = 0; i < data.length; i += 1) {
        if (!varied && data[i] !== data[i % 4]) varied = true;
        fingerprint = Math.imul(fingerprint ^ data[i], 0x01000193) >>> 0;
      }
      if (varied) canvases += 1;
    }
    const shapes = root.querySelectorAll(
      'svg path, svg rect, svg circle, svg line, svg polyline, svg polygon',
    );
    let marks = 0;
    for (const mark of shapes) {
      const box = mark.getBoundingClientRect();
      if (box.width > 0 || box.height > 0) marks += 1;
      for (const name of ['d', 'x', 'y', 'cx', 'cy', 'x2', 'y2', 'width', 'height', 'fill', 'points']) {
        for (const c of mark.getAttribute(name) ?? '')
          fingerprint = Math.imul(fingerprint ^ c.charCodeAt(0), 0x01000193) >>> 0;
      }
    }
    const cells =
      root.querySelectorAll('[style*="background"]').length +
      [...root.querySelectorAll('.pe-lab-empty')].filter((note) => note.getClientRects().length > 0).length;
    const box = root.getBoundingClientRect();
    return {
      canvases,
      marks,
      cells,
      width: Math.round(box.width),
      height: Math.round(box.height),
      fingerprint,
    };
  };
  /** What root drew, once it has drawn something (a figure draws after its data arrives), or after timeoutMs. */
  const drawn = async (root, timeoutMs) => {
    const something = () => {
      const found = drawing(root);
      return found.canvases + found.marks + found.cells > 0 && found;
    };
    await waitFor('a drawing', something, timeoutMs).catch(() => null);
    await frames();
    return drawing(root);
  };
  // The page's lists for '(prefers-color-scheme: dark)', kept so that a test can switch the scheme in place as the
  // article's toggle does: schemeChanged() tells whoever listens to them (theme.js) to read the scheme again.
  const schemeLists = [];
  const matchMedia = window.matchMedia.bind(window);
  window.matchMedia = (query) => {
    const list = matchMedia(query);
    if (/prefers-color-scheme/.test(query)) schemeLists.push(list);
    return list;
  };
  const schemeChanged = () => schemeLists.forEach((list) => list.dispatchEvent(new Event('change')));
  window.__cross = { problems: mine, waitFor, frames, drawing, drawn, schemeChanged };
})();
