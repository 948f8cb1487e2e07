// Parameters that several figures share, declared once: the four of the sinusoidal encoding (the article's
// section bar and every figure of that part), the frequency base that the rotary figure also uses, and the
// model width of the figures outside that part.
import { defaultsOf } from '../app/params.js';
import { formatInt } from '../ui/format.js';

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
export const DMODEL = Object.freeze({
  type: 'int',
  default: 512,
  min: 2,
  max: 1024,
  step: 2,
  control: 'slider',
  label: 'Width dModel',
  format: formatInt,
});

/** The paper's parameters, where every figure of the sinusoidal part starts; the section bar owns them. */
export const SINUSOIDAL = Object.freeze({
  dModel: { ...DMODEL, label: 'Model width dModel', linked: true },
  positions: {
    type: 'int',
    default: 64,
    min: 1,
    max: 2048,
    control: 'slider',
    label: 'Positions',
    format: formatInt,
    linked: true,
  },
  base: { ...BASE, linked: true },
  layout: {
    type: 'enum',
    default: 'interleaved',
    control: 'select',
    label: 'Layout',
    options: [
      { value: 'interleaved', label: 'interleaved (sin 2i, cos 2i+1)' },
      { value: 'split', label: 'split (all sin, then all cos)' },
    ],
    linked: true,
  },
});

/** { dModel, positions, base, layout } at the paper's values. */
export const SINUSOIDAL_DEFAULTS = Object.freeze(defaultsOf(SINUSOIDAL));

/** A whole number on a labelled slider, shown as an integer. */
export const intSlider = (label, value, min, max, step = 1) =>
  Object.freeze({ type: 'int', default: value, min, max, step, control: 'slider', label, format: formatInt });

/** A yes-or-no parameter on a labelled checkbox. */
export const checkbox = (label, value = false) =>
  Object.freeze({ type: 'boolean', default: value, control: 'toggle', label });
