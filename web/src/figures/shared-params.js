// Parameters that several figures share, declared once: the four of the sinusoidal encoding (the article's
// section bar and every figure of that part), the frequency base that the rotary figure also uses, the model
// width of the figures outside that part, and the shapes of control that figures declare theirs with.
import { defaultsOf } from '../core/params.js';
import { formatInt } from '../ui/format.js';

/**
 * A whole number on a labelled slider, shown as an integer; `max` may follow other parameters (a function).
 * @param {string} label @param {number} value @param {number} min
 * @param {number | ((params: Record<string, any>) => number)} max @param {number} [step]
 */
export const intSlider = (label, value, min, max, step = 1) =>
  Object.freeze({ type: 'int', default: value, min, max, step, control: 'slider', label, format: formatInt });

/** A yes-or-no parameter on a labelled checkbox. */
export const checkbox = (label, value = false) =>
  Object.freeze({ type: 'boolean', default: value, control: 'toggle', label });

/**
 * One of a few named values, the first by default, in a drop-down (or `control` 'segmented').
 * @param {string} label @param {Record<string, string>} labels each value's label @param {string} [control]
 */
export const choice = (label, labels, control = 'select') =>
  Object.freeze({
    type: 'enum',
    default: Object.keys(labels)[0],
    control,
    label,
    options: Object.entries(labels).map(([value, text]) => ({ value, label: text })),
  });

/** The model width chosen from a list of widths (a figure whose engine call is costly at every width). */
export const widthChoice = (value, widths) =>
  Object.freeze({
    type: 'int',
    default: value,
    control: 'select',
    label: 'Width d_model',
    options: widths.map((w) => ({ value: w, label: formatInt(w) })),
  });

/** The last of `positions` positions: the end of a position slider that follows the number of positions. */
export const lastPosition = ({ positions }) => Math.max(0, Math.floor(positions) - 1);

/** The frequency base on a log scale from 10 to 10^6, as the sinusoidal and rotary encodings both use it. */
export const BASE = Object.freeze({
  type: 'number',
  default: 10000,
  min: 10,
  max: 1e6,
  scale: 'log',
  control: 'slider',
  label: 'Base',
});

/** The model width on a slider: an even number from 2 to 1024, the paper's 512 by default. */
export const DMODEL = intSlider('Width d_model', 512, 2, 1024, 2);

/** The paper's parameters, where every figure of the sinusoidal part starts; the section bar owns them. */
export const SINUSOIDAL = Object.freeze({
  dModel: { ...DMODEL, label: 'Model width d_model', linked: true },
  positions: { ...intSlider('Positions', 64, 1, 2048), linked: true },
  base: { ...BASE, linked: true },
  layout: {
    ...choice('Layout', {
      interleaved: 'interleaved (sin 2i, cos 2i+1)',
      split: 'split (all sin, then all cos)',
    }),
    linked: true,
  },
});

/** { dModel, positions, base, layout } at the paper's values. */
export const SINUSOIDAL_DEFAULTS = Object.freeze(defaultsOf(SINUSOIDAL));
