// Figure `checkpoint`: positions in real models. Two published settings side by side, each read from its
// config.json's own fields (models/gallery.js, every value with its source) and asked of the engine: a RoPE
// model's pairs against its context window before and after its scaling, ALiBi's slopes, a learned table's or
// T5's shape. Below, the reader's own checkpoint or config.json, read in the page (file-panel.js).
import { getModels } from '../../engine/engine.js';
import { gallery } from '../../models/gallery.js';
import { h } from '../../ui/dom.js';
import { defineFigure } from '../../ui/figure.js';
import { formatInt, formatSig, formatValue } from '../../ui/format.js';
import { choice } from '../shared-params.js';
import { filePanel } from './file-panel.js';
import { modelPanel } from './model-panel.js';
import { analyseSetting, entrySetting, layerName, sentences } from './setting.js';
import './checkpoint.css';

const NAMES = Object.fromEntries(gallery.map((e) => [e.id, e.name]));
const byId = (id) => gallery.find((e) => e.id === id);

/** @param {string} id */
const about = (id) => {
  const entry = byId(id);
  return {
    title: entry.name,
    href: entry.source.url,
    source: `config.json on the Hugging Face Hub (${entry.source.url.replace(/^https:\/\/huggingface\.co\//, '').replace(/\/blob\/main\/config\.json$/, '')})`,
    fields: entry.config,
  };
};

export default defineFigure({
  id: 'checkpoint',
  title: 'Positions in real models',
  caption:
    'Two published models side by side, from the position fields of their own config.json. For RoPE, every ' +
    'rotary pair\u2019s wavelength (tokens per full turn, log axis) before and after the model\u2019s scaling, ' +
    'against its context window: pairs above the window line never complete a turn inside it. For ALiBi, the ' +
    'slope of every head. Below, open your own checkpoint: it is read in this page and never uploaded.',
  models: true,
  primary: ['model', 'compare'],
  params: {
    model: { ...choice('Model', NAMES), default: 'llama-3.1-8b' },
    compare: { ...choice('Beside it', { none: 'none', ...NAMES }), default: 'llama-2-7b' },
  },

  compute(engine, { model, compare }) {
    const models = getModels();
    const analyse = (id) => analyseSetting(engine, models, entrySetting(byId(id)));
    return { left: analyse(model), right: compare === 'none' ? null : analyse(compare) };
  },

  view({ frame, readout, engine }) {
    const left = modelPanel({ name: 'left', readout });
    const right = modelPanel({ name: 'right', readout });
    const own = filePanel({ engine, readout });
    const panels = h('div', { class: 'pe-panels pe-ckpt-panels' }, left.element, right.element);
    frame.plot.append(panels, h('h3', { class: 'pe-ckpt-heading' }, 'Your own model'), own.element);
    return { left, right, own };
  },

  draw(view, { left, right }, { model, compare }) {
    view.left.draw(left, about(model));
    view.right.element.hidden = right === null;
    if (right) view.right.draw(right, about(compare));
  },

  summary({ left, right }, { model, compare }) {
    const one = (analysis, id) => `${NAMES[id]}: ${sentences(analysis).join(' ')}`;
    return [one(left, model), right ? one(right, compare) : ''].filter(Boolean).join(' ');
  },

  live({ left, right }, { model, compare }) {
    const rope = (analysis) => analysis?.spectra[0] ?? null;
    const noTurn = (analysis) => {
      const s = rope(analysis);
      return s ? formatInt(s.noTurn) : 'no (it has no RoPE)';
    };
    return {
      'ckpt-left-name': NAMES[model],
      'ckpt-left-pairs': rope(left) ? formatInt(rope(left).result.invFreq.length) : 'no',
      'ckpt-left-window': formatInt(left.setting.contextLength ?? 0),
      'ckpt-left-noturn': noTurn(left),
      'ckpt-right-name': right ? NAMES[compare] : 'no second model',
      'ckpt-right-noturn': right ? noTurn(right) : 'no',
    };
  },

  table({ left }, { model }) {
    const columns = ['layers', 'pair', 'wavelength', 'after scaling', 'factor', 'turns in the window'];
    const rows = left.spectra.flatMap(({ type, result: r }) =>
      Array.from(r.wavelength, (w, i) => [
        layerName(type),
        i,
        formatValue(w),
        formatValue(r.scaledWavelength[i]),
        formatSig(r.pairFactor[i], 6),
        formatSig(r.turns[i], 6),
      ]),
    );
    return {
      columns,
      rows,
      note: `${NAMES[model]}: wavelengths in tokens per full turn${rows.length === 0 ? ' (not a RoPE model: no pairs)' : ''}.`,
    };
  },

  destroy(view) {
    view.left.destroy();
    view.right.destroy();
    view.own.destroy();
  },
});
