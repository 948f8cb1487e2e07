// Figure `order`: two sentences through the same seeded self-attention layer. Without position information the
// layer sees a bag of words, so "dog bites man" and "man bites dog" give the same pooled vector; an encoding or a
// causal mask separates them. Every weight, output and pooled value is the engine's.
import { interpolateViridis } from 'd3-scale-chromatic';
import { getEngine } from '../engine.js';
import { diverging } from '../ui/colors.js';
import { segmented, select } from '../ui/controls.js';
import { h, replaceChildren, uid } from '../ui/dom.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { fillLive, sectionOf } from '../ui/live.js';
import { scientific } from '../ui/scientific.js';
import { onThemeChange } from '../ui/theme.js';
import './order.css';

/** Title shown when the figure stands alone. */
export const title = 'Dog bites man: what self-attention sees';

/** URL parameters accepted on embed.html, with their types. */
export const params = {
  a: 'string',
  b: 'string',
  encoding: 'string',
  mask: 'string',
  dModel: 'number',
  seed: 'number',
  head: 'number',
  reveal: 'boolean',
};

const ENCODINGS = [
  { value: 'none', label: 'none' },
  { value: 'sinusoidal', label: 'sinusoidal' },
  { value: 'learned', label: 'learned' },
  { value: 'rope', label: 'RoPE' },
  { value: 'alibi', label: 'ALiBi' },
];
const MASKS = [
  { value: 'bidirectional', label: 'bidirectional' },
  { value: 'causal', label: 'causal' },
];
const WIDTHS = [8, 16, 32, 64, 128, 256];
// A sentence that is not a mirror image of its partner, for the ALiBi finding in the prose.
const NON_MIRROR = ['the dog bites the man', 'the man bites the dog'];
const EXAMPLES = [
  ['dog bites man', 'man bites dog'],
  NON_MIRROR,
  ['the cat chased the dog', 'the dog chased the cat'],
  ['the quick brown fox jumps over the lazy dog', 'the lazy dog jumps over the quick brown fox'],
];
const CELL = 26;
const LABEL = 64;
const TOP = 44;
const STRIP_ROW = 14;

/**
 * Mounts the two-sentence comparison.
 * @param {HTMLElement} element
 * @param {{ a?: string, b?: string, encoding?: string, mask?: string, dModel?: number, seed?: number,
 *   head?: number, reveal?: boolean, controls?: boolean }} options
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    a: 'dog bites man',
    b: 'man bites dog',
    encoding: 'none',
    mask: 'bidirectional',
    dModel: 64,
    seed: 1,
    head: 1,
    reveal: false,
    controls: true,
    ...options,
  };
  let prediction = null;
  let revealed = Boolean(state.reveal);
  let cursor = null; // { side, part: 'matrix'|'strip'|'pooled', row, col }

  const frame = createFrame(element, {
    id: 'order',
    title: 'Two sentences through one attention layer',
    caption:
      'Each sentence goes through the same self-attention layer (seeded weights). The squares are the ' +
      'attention weights of one head, query words down and key words across (darker is smaller); the strips ' +
      'are each word\u2019s output vector and the sentence vector (the mean of the outputs), red positive and ' +
      'blue negative. Drag a word, or focus it and press Alt+\u2190/\u2192 (or Ctrl+\u2190/\u2192), to move it.',
    table: tableData,
  });

  const controls = {
    encoding: segmented({
      label: 'Position information',
      options: ENCODINGS,
      value: state.encoding,
      onChange: (v) => set({ encoding: v }),
    }),
    mask: segmented({
      label: 'Mask',
      options: MASKS,
      value: state.mask,
      onChange: (v) => set({ mask: v }),
    }),
    dModel: select({
      label: 'Width dModel',
      value: String(state.dModel),
      options: WIDTHS.map((w) => ({ value: String(w), label: formatInt(w) })),
      onChange: (v) => set({ dModel: Number(v) }),
    }),
    head: select({
      label: 'Head shown',
      value: String(state.head),
      options: [{ value: '1', label: '1' }],
      onChange: (v) => set({ head: Number(v) }),
    }),
  };
  frame.addControls(controls, state.controls !== false);

  const status = h('p', { class: 'pe-order-status', 'aria-live': 'polite' });
  const sides = [makeSide('A', 'a'), makeSide('B', 'b')];
  const compare = h('div', { class: 'pe-order-compare', 'aria-live': 'polite' });
  const vocabularyHost = h('p', { class: 'pe-order-vocabulary' });
  const vocabulary = h(
    'details',
    { class: 'pe-order-vocab' },
    h('summary', {}, 'Words the layer knows'),
    vocabularyHost,
  );
  vocabulary.addEventListener('toggle', () => {
    if (!vocabulary.open || vocabularyHost.childNodes.length) return;
    const words = engine.vocabulary();
    vocabularyHost.textContent = `${formatInt(words.length)} words: ${words.join(', ')}.`;
  });
  const examples = h(
    'div',
    { class: 'pe-order-examples', role: 'group', 'aria-label': 'Example sentence pairs' },
    h('span', { class: 'pe-order-examples-label' }, 'Try:'),
    EXAMPLES.map(([a, b]) =>
      h(
        'button',
        {
          type: 'button',
          class: 'pe-button pe-order-example',
          onClick: () => {
            sides[0].input.value = a;
            sides[1].input.value = b;
            set({ a, b });
          },
        },
        `${a} / ${b}`,
      ),
    ),
  );
  frame.plot.append(
    examples,
    h(
      'div',
      { class: 'pe-order-sides' },
      sides.map((s) => s.root),
    ),
    status,
    compare,
    vocabulary,
  );

  const stopTheme = onThemeChange(() => paintAll());

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  // One column of the figure: the editable sentence, its word chips, the weight matrix and the output strips.
  function makeSide(name, key) {
    const inputId = uid('order-text');
    const input = h('input', {
      id: inputId,
      type: 'text',
      class: 'pe-order-input',
      value: state[key],
      autocomplete: 'off',
      spellcheck: 'false',
    });
    const chips = h('div', {
      class: 'pe-order-chips',
      role: 'list',
      'aria-label': `Words of sentence ${name}`,
    });
    const matrix = h('svg:svg', {
      class: 'pe-order-matrix',
      tabindex: 0,
      role: 'img',
      'aria-label': `Attention weights of sentence ${name}; use the arrow keys to read each weight`,
    });
    const strip = h('canvas', {
      class: 'pe-order-strip',
      tabindex: 0,
      role: 'img',
      'aria-label': `Output vector of each word of sentence ${name}; use the arrow keys to read values`,
    });
    const stripLabels = h('div', { class: 'pe-order-strip-labels', 'aria-hidden': 'true' });
    const pooled = h('canvas', {
      class: 'pe-order-strip pe-order-pooled',
      tabindex: 0,
      role: 'img',
      'aria-label': `Sentence vector of sentence ${name} (mean of the outputs); use the arrow keys to read values`,
    });
    const root = h(
      'div',
      { class: 'pe-order-side' },
      h(
        'div',
        { class: 'pe-control pe-order-field' },
        h('label', { for: inputId }, `Sentence ${name}`),
        input,
      ),
      chips,
      h('p', { class: 'pe-order-heading' }, 'Attention weights (dark purple 0, yellow 1)'),
      h('div', { class: 'pe-order-matrix-host' }, matrix),
      h('p', { class: 'pe-order-heading' }, 'Output of each word'),
      h('div', { class: 'pe-order-strips' }, stripLabels, strip),
      h('p', { class: 'pe-order-heading' }, 'Sentence vector (mean of outputs)'),
      h('div', { class: 'pe-order-strips' }, h('div', { class: 'pe-order-strip-labels' }), pooled),
    );
    const side = { name, key, input, chips, matrix, strip, stripLabels, pooled, root, tokens: [], known: [] };
    side.result = null;
    input.addEventListener('input', () => {
      state[key] = input.value;
      render();
    });
    gridCursor(matrix, side, 'matrix');
    gridCursor(strip, side, 'strip');
    gridCursor(pooled, side, 'pooled');
    return side;
  }

  function render() {
    for (const side of sides) {
      const tokenized = frame.attempt(() => labelled(side, () => engine.tokenize(state[side.key])));
      if (!tokenized) return;
      side.tokens = tokenized.tokens;
      side.known = Array.from(tokenized.known);
      drawChips(side);
    }
    const results = [];
    for (const side of sides) {
      const result = frame.attempt(() =>
        labelled(side, () =>
          engine.attendSentence(state[side.key], state.encoding, state.dModel, state.seed, {
            mask: state.mask,
          }),
        ),
      );
      if (!result) return;
      results.push(result);
    }
    sides.forEach((side, i) => {
      side.result = results[i];
    });
    syncHeads(results[0].heads);
    paintAll();
    showComparison();
    fillProse();
    if (cursor) showCursor();
  }

  function labelled(side, fn) {
    try {
      return fn();
    } catch (e) {
      throw new Error(`Sentence ${side.name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  }

  function syncHeads(heads) {
    const current = Math.min(Math.max(1, state.head), heads);
    replaceChildren(
      controls.head.input,
      Array.from({ length: heads }, (_, i) =>
        h('option', { value: String(i + 1), selected: i + 1 === current }, String(i + 1)),
      ),
    );
    state.head = current;
    controls.head.value = String(current);
  }

  function drawChips(side) {
    const n = side.tokens.length;
    replaceChildren(
      side.chips,
      side.tokens.map((word, i) => {
        const unknown = !side.known[i];
        const word_ = h(
          'button',
          {
            type: 'button',
            class: 'pe-order-word',
            'data-index': i,
            'aria-roledescription': 'movable word',
            'aria-label': `${word}, word ${i + 1} of ${n}`,
            'aria-description': unknown
              ? 'not in the vocabulary; press Alt or Ctrl with the arrow keys to move'
              : 'press Alt or Ctrl with the arrow keys to move',
            title: unknown ? `\u201c${word}\u201d is not in the vocabulary` : null,
          },
          word,
          unknown ? h('span', { class: 'pe-order-unknown-mark', 'aria-hidden': 'true' }, '?') : null,
        );
        word_.addEventListener('keydown', (event) => {
          if (!(event.altKey || event.ctrlKey)) return;
          const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
          if (!step) return;
          event.preventDefault();
          move(side, i, i + step);
        });
        dragWord(side, word_, i);
        return h(
          'span',
          { class: `pe-order-chip${unknown ? ' pe-order-unknown' : ''}`, role: 'listitem' },
          h(
            'button',
            {
              type: 'button',
              class: 'pe-order-nudge',
              'aria-label': `Move \u201c${word}\u201d left`,
              disabled: i === 0,
              onClick: () => move(side, i, i - 1),
            },
            '\u25c0',
          ),
          word_,
          h(
            'button',
            {
              type: 'button',
              class: 'pe-order-nudge',
              'aria-label': `Move \u201c${word}\u201d right`,
              disabled: i === n - 1,
              onClick: () => move(side, i, i + 1),
            },
            '\u25b6',
          ),
        );
      }),
    );
  }

  // Pointer dragging: the word lands at the chip nearest to where it is released.
  function dragWord(side, button, index) {
    let start = null;
    let target = null;
    button.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      start = { x: event.clientX, y: event.clientY, dragging: false };
      button.setPointerCapture(event.pointerId);
    });
    button.addEventListener('pointermove', (event) => {
      if (!start) return;
      if (!start.dragging && Math.hypot(event.clientX - start.x, event.clientY - start.y) < 6) return;
      start.dragging = true;
      button.classList.add('pe-order-dragging');
      target = nearestChip(side, event.clientX, event.clientY);
      for (const chip of side.chips.children) chip.classList.remove('pe-order-drop');
      if (target !== null && target !== index) side.chips.children[target].classList.add('pe-order-drop');
    });
    const finish = (event, commit) => {
      if (!start) return;
      const dragged = start.dragging;
      start = null;
      button.classList.remove('pe-order-dragging');
      if (button.hasPointerCapture(event.pointerId)) button.releasePointerCapture(event.pointerId);
      if (dragged && commit && target !== null && target !== index) move(side, index, target);
      target = null;
    };
    button.addEventListener('pointerup', (event) => finish(event, true));
    button.addEventListener('pointercancel', (event) => finish(event, false));
  }

  function nearestChip(side, x, y) {
    let best = null;
    let bestDistance = Infinity;
    Array.from(side.chips.children).forEach((chip, i) => {
      const r = chip.getBoundingClientRect();
      const d = Math.hypot(x - (r.left + r.width / 2), (y - (r.top + r.height / 2)) * 2);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    });
    return best;
  }

  function move(side, from, to) {
    const n = side.tokens.length;
    if (to < 0 || to >= n || from === to) return;
    const words = side.tokens.slice();
    const [word] = words.splice(from, 1);
    words.splice(to, 0, word);
    const text = words.join(' ');
    state[side.key] = text;
    side.input.value = text;
    render();
    status.textContent = `Moved \u201c${word}\u201d to word ${to + 1} of ${n} in sentence ${side.name}: ${text}`;
    side.chips.querySelectorAll('.pe-order-word')[to]?.focus();
  }

  function paintAll() {
    if (!sides[0].result) return;
    // One colour limit for both sentences, so equal colours mean equal values across the two columns.
    let limit = 1e-12;
    for (const side of sides) {
      for (const v of side.result.outputs) limit = Math.max(limit, Math.abs(v));
    }
    for (const side of sides) {
      drawMatrix(side);
      paintStrip(side.strip, side.result.outputs, side.result.seqLen, side.result.dModel, limit);
      paintStrip(side.pooled, side.result.pooled, 1, side.result.dModel, limit);
      replaceChildren(
        side.stripLabels,
        side.result.tokens.map((t) => h('span', { style: `height:${STRIP_ROW}px` }, t)),
      );
      side.strip.style.height = `${side.result.seqLen * STRIP_ROW}px`;
    }
  }

  function drawMatrix(side) {
    const { tokens, seqLen: n, weights } = side.result;
    const head = state.head - 1;
    const width = LABEL + n * CELL;
    const height = TOP + n * CELL;
    const svg = side.matrix;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.style.maxWidth = `${width}px`;
    const cells = [];
    for (let i = 0; i < n; i += 1) {
      cells.push(
        h(
          'svg:text',
          { x: LABEL - 6, y: TOP + (i + 0.5) * CELL, class: 'pe-order-label', 'text-anchor': 'end' },
          tokens[i],
        ),
      );
      cells.push(
        h(
          'svg:text',
          {
            class: 'pe-order-label',
            transform: `translate(${LABEL + (i + 0.5) * CELL},${TOP - 6}) rotate(-45)`,
          },
          tokens[i],
        ),
      );
      for (let j = 0; j < n; j += 1) {
        const w = weights[head * n * n + i * n + j];
        const masked = side.result.mask === 'causal' && j > i;
        cells.push(
          h('svg:rect', {
            x: LABEL + j * CELL,
            y: TOP + i * CELL,
            width: CELL - 1,
            height: CELL - 1,
            class: masked ? 'pe-order-masked' : 'pe-order-cell',
            fill: masked ? null : interpolateViridis(w),
            'data-row': i,
            'data-col': j,
          }),
        );
      }
    }
    cells.push(h('svg:rect', { class: 'pe-order-cursor', visibility: 'hidden' }));
    replaceChildren(svg, cells);
  }

  function paintStrip(canvas, values, rows, cols, limit) {
    canvas.width = cols;
    canvas.height = rows;
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(cols, rows);
    diverging.paint(values, image, { limit, count: values.length });
    ctx.putImageData(image, 0, 0);
  }

  // Hover and arrow-key reading of one grid (matrix cells or strip values).
  function gridCursor(target, side, part) {
    const dims = () => {
      const r = side.result;
      if (!r) return null;
      if (part === 'matrix') return { rows: r.seqLen, cols: r.seqLen };
      if (part === 'strip') return { rows: r.seqLen, cols: r.dModel };
      return { rows: 1, cols: r.dModel };
    };
    target.addEventListener('pointermove', (event) => {
      const d = dims();
      if (!d) return;
      let row;
      let col;
      if (part === 'matrix') {
        const cell = event.target.closest?.('rect[data-row]');
        if (!cell) return;
        row = Number(cell.dataset.row);
        col = Number(cell.dataset.col);
      } else {
        const rect = target.getBoundingClientRect();
        col = Math.floor(((event.clientX - rect.left) / rect.width) * d.cols);
        row = Math.floor(((event.clientY - rect.top) / rect.height) * d.rows);
        if (col < 0 || row < 0 || col >= d.cols || row >= d.rows) return;
      }
      cursor = { side, part, row, col };
      showCursor();
    });
    target.addEventListener('focus', () => {
      if (!dims()) return;
      if (!cursor || cursor.side !== side || cursor.part !== part) cursor = { side, part, row: 0, col: 0 };
      showCursor();
    });
    target.addEventListener('keydown', (event) => {
      const d = dims();
      if (!d) return;
      const big = event.shiftKey ? 8 : 1;
      const moves = {
        ArrowUp: [-big, 0],
        ArrowDown: [big, 0],
        ArrowLeft: [0, -big],
        ArrowRight: [0, big],
      };
      const m = moves[event.key];
      if (!m) return;
      event.preventDefault();
      const c = cursor && cursor.side === side && cursor.part === part ? cursor : { row: 0, col: 0 };
      cursor = {
        side,
        part,
        row: Math.min(d.rows - 1, Math.max(0, c.row + m[0])),
        col: Math.min(d.cols - 1, Math.max(0, c.col + m[1])),
      };
      showCursor();
    });
  }

  function showCursor() {
    const { side, part } = cursor;
    const r = side.result;
    if (!r) return;
    const limitRows = part === 'pooled' ? 1 : r.seqLen;
    const limitCols = part === 'matrix' ? r.seqLen : r.dModel;
    cursor.row = Math.min(cursor.row, limitRows - 1);
    cursor.col = Math.min(cursor.col, limitCols - 1);
    const { row, col } = cursor;
    for (const s of sides) {
      s.matrix.querySelector('.pe-order-cursor')?.setAttribute('visibility', 'hidden');
    }
    if (part === 'matrix') {
      const n = r.seqLen;
      const mark = side.matrix.querySelector('.pe-order-cursor');
      mark.setAttribute('x', String(LABEL + col * CELL));
      mark.setAttribute('y', String(TOP + row * CELL));
      mark.setAttribute('width', String(CELL - 1));
      mark.setAttribute('height', String(CELL - 1));
      mark.setAttribute('visibility', 'visible');
      const w = r.weights[(state.head - 1) * n * n + row * n + col];
      const masked = r.mask === 'causal' && col > row;
      frame.setReadout(
        `Sentence ${side.name}, head ${state.head}: query \u201c${r.tokens[row]}\u201d (position ${row}) \u2192 ` +
          `key \u201c${r.tokens[col]}\u201d (position ${col}), weight ${formatValue(w)}` +
          (masked ? ' (masked: a word sees only itself and the words before it)' : ''),
      );
    } else if (part === 'strip') {
      const v = r.outputs[row * r.dModel + col];
      frame.setReadout(
        `Sentence ${side.name}, output of \u201c${r.tokens[row]}\u201d (position ${row}), dimension ${col}: ` +
          `value ${formatValue(v)}`,
      );
    } else {
      frame.setReadout(
        `Sentence ${side.name}, sentence vector, dimension ${col}: value ${formatValue(r.pooled[col])}`,
      );
    }
  }

  // Largest |difference| between two engine results: a comparison of what the engine computed, not a model
  // computation, so it lives here rather than in the engine.
  function maxAbsDifference(a, aStart, b, bStart, length) {
    let m = 0;
    for (let k = 0; k < length; k += 1) m = Math.max(m, Math.abs(a[aStart + k] - b[bStart + k]));
    return m;
  }

  function pooledDifference(ra, rb) {
    return maxAbsDifference(ra.pooled, 0, rb.pooled, 0, ra.dModel);
  }

  // The k-th occurrence of a word in A is compared with its k-th occurrence in B.
  function sameWordDifference(ra, rb) {
    const seen = new Map();
    let best = null;
    ra.tokens.forEach((word, i) => {
      const k = seen.get(word) ?? 0;
      seen.set(word, k + 1);
      let count = 0;
      const j = rb.tokens.findIndex((w) => w === word && count++ === k);
      if (j < 0) return;
      const d = maxAbsDifference(ra.outputs, i * ra.dModel, rb.outputs, j * rb.dModel, ra.dModel);
      if (!best || d > best.value) best = { value: d, word, i, j };
    });
    return best;
  }

  function formatDifference(x) {
    if (x === 0) return '0';
    return x < 1e-3 ? x.toExponential(1) : formatValue(x);
  }

  function showComparison() {
    const [ra, rb] = sides.map((s) => s.result);
    const pooled = pooledDifference(ra, rb);
    const word = sameWordDifference(ra, rb);
    const same = pooled < 1e-9;
    const setting =
      `Sentence A \u201c${ra.tokens.join(' ')}\u201d and sentence B \u201c${rb.tokens.join(' ')}\u201d through one ` +
      `attention layer (dModel ${ra.dModel}, ${ra.heads} heads, ${state.encoding} encoding, ${ra.mask} mask)`;
    // The summary keeps the answer back until the reader has predicted, like the figure itself.
    frame.setSummary(
      revealed
        ? `${setting}: the sentence vectors differ by at most ${formatDifference(pooled)}` +
            (same ? ', which is zero to float precision.' : '.')
        : `${setting}. Predict above whether their sentence vectors differ to see the comparison.`,
    );
    if (!revealed) {
      replaceChildren(
        compare,
        h(
          'p',
          { class: 'pe-order-question' },
          'Predict first: will the two sentence vectors (the strips at the bottom) differ?',
        ),
        h(
          'div',
          { class: 'pe-order-choices' },
          h(
            'button',
            { type: 'button', class: 'pe-button', onClick: () => predict('differ') },
            'They will differ',
          ),
          h(
            'button',
            { type: 'button', class: 'pe-button', onClick: () => predict('identical') },
            'They will be identical',
          ),
          h('button', { type: 'button', class: 'pe-button', onClick: () => predict(null) }, 'Skip: reveal'),
        ),
      );
      return;
    }
    const verdict = same ? 'identical' : 'differ';
    const lines = [];
    if (prediction) {
      lines.push(
        h(
          'p',
          { class: 'pe-order-verdict' },
          prediction === verdict
            ? `You predicted they would ${prediction === 'differ' ? 'differ' : 'be identical'}: right.`
            : `You predicted they would ${prediction === 'differ' ? 'differ' : 'be identical'}: not this time.`,
        ),
      );
    }
    lines.push(
      h(
        'p',
        { class: 'pe-order-result' },
        `Sentence vectors: max |difference| = ${formatDifference(pooled)}` +
          (same ? ' (identical to float precision)' : ''),
      ),
    );
    lines.push(
      h(
        'p',
        { class: 'pe-order-result' },
        word
          ? `Same word: max |difference| = ${formatDifference(word.value)} (\u201c${word.word}\u201d, ` +
              `position ${word.i} in A, ${word.j} in B)`
          : 'Same word: the sentences share no word.',
      ),
    );
    replaceChildren(compare, lines);
  }

  function predict(choice) {
    prediction = choice;
    revealed = true;
    showComparison();
    compare.querySelector('.pe-order-result')?.setAttribute('tabindex', '-1');
    compare.querySelector('.pe-order-result')?.focus();
  }

  // Live numbers in the prose of the enclosing section (data-live names below); when the figure stands alone
  // there is no section and nothing is filled. Each is computed for the sentences shown now.
  function fillProse() {
    const diff = (encoding, mask, a = state.a, b = state.b) => {
      try {
        const ra = engine.attendSentence(a, encoding, state.dModel, state.seed, { mask });
        const rb = engine.attendSentence(b, encoding, state.dModel, state.seed, { mask });
        const d = pooledDifference(ra, rb);
        return d < 1e-3 ? scientific(d, 2) : formatSig(d, 3);
      } catch {
        return '\u2014';
      }
    };
    const [ra] = sides.map((s) => s.result);
    fillLive(sectionOf(element), {
      'order-dmodel': formatInt(ra.dModel),
      'order-heads': formatInt(ra.heads),
      'order-diff-none': diff('none', 'bidirectional'),
      'order-diff-sinusoidal': diff('sinusoidal', 'bidirectional'),
      'order-diff-causal': diff('none', 'causal'),
      'order-diff-alibi': diff('alibi', 'bidirectional'),
      'order-diff-alibi-causal': diff('alibi', 'causal'),
      'order-diff-alibi-nonmirror': diff('alibi', 'bidirectional', NON_MIRROR[0], NON_MIRROR[1]),
    });
  }

  function tableData() {
    const columns = ['sentence', 'part', 'word', 'position', 'index', 'value'];
    const rows = [];
    for (const side of sides) {
      const r = side.result;
      if (!r) continue;
      const n = r.seqLen;
      for (let i = 0; i < n; i += 1) {
        for (let j = 0; j < n; j += 1) {
          rows.push([
            side.name,
            `weight, head ${state.head}, key position`,
            r.tokens[i],
            i,
            j,
            formatValue(r.weights[(state.head - 1) * n * n + i * n + j]),
          ]);
        }
      }
      for (let i = 0; i < n; i += 1) {
        for (let d = 0; d < r.dModel; d += 1) {
          rows.push([
            side.name,
            'output, dimension',
            r.tokens[i],
            i,
            d,
            formatValue(r.outputs[i * r.dModel + d]),
          ]);
        }
      }
      for (let d = 0; d < r.dModel; d += 1) {
        rows.push([side.name, 'sentence vector, dimension', '', '', d, formatValue(r.pooled[d])]);
      }
    }
    return { columns, rows };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      if (patch.encoding !== undefined) controls.encoding.value = patch.encoding;
      if (patch.mask !== undefined) controls.mask.value = patch.mask;
      if (patch.dModel !== undefined) controls.dModel.value = String(patch.dModel);
      for (const side of sides) if (patch[side.key] !== undefined) side.input.value = patch[side.key];
      if (patch.reveal) revealed = true;
      render();
    },
    destroy() {
      stopTheme();
      frame.destroy();
    },
  };
}
