// The four parameters of the sinusoidal encoding as labelled controls: the section bar of the article uses them,
// and so does every figure of the sinusoidal part when it stands alone on the embed page.
import { select, slider } from './controls.js';
import { formatInt } from './format.js';

/** The paper's parameters, where every figure of the sinusoidal part starts. */
export const SINUSOIDAL_DEFAULTS = Object.freeze({
  dModel: 512,
  positions: 64,
  base: 10000,
  layout: 'interleaved',
});

/** The parameter names, in the order of the controls. */
export const SINUSOIDAL_KEYS = Object.freeze(Object.keys(SINUSOIDAL_DEFAULTS));

/** Their types as URL parameters of embed.html (a figure's `params` export spreads this). */
export const SINUSOIDAL_PARAMS = Object.freeze({
  dModel: 'number',
  positions: 'number',
  base: 'number',
  layout: 'string',
});

/**
 * Shows in the controls the parameters a patch sets from outside (the section bar of the article), and says
 * whether the patch names any of them, so the figure knows to recompute.
 * @param {ReturnType<typeof sinusoidalControls>} controls
 * @param {object} patch
 */
export function showParameters(controls, patch) {
  let named = false;
  for (const key of SINUSOIDAL_KEYS) {
    if (!(key in patch)) continue;
    named = true;
    // Controls a figure does not show (the article's section bar stands in for them) are left alone: writing
    // values and labels no one sees is work on every slider step.
    if (patch[key] !== undefined && controls[key].element.isConnected) controls[key].value = patch[key];
  }
  return named;
}

/**
 * @param {{ dModel: number, positions: number, base: number, layout: string }} values the initial values
 * @param {(patch: object) => void} onChange called with `{ <parameter>: value }` on every change by the reader
 * @returns {{ dModel: object, positions: object, base: object, layout: object }} the controls, each with
 *   `element` and a settable `value` (see controls.js), in the order they should appear
 */
export function sinusoidalControls(values, onChange) {
  return {
    dModel: slider({
      label: 'Model width dModel',
      min: 2,
      max: 1024,
      step: 2,
      value: values.dModel,
      format: formatInt,
      onChange: (v) => onChange({ dModel: v }),
    }),
    positions: slider({
      label: 'Positions',
      min: 1,
      max: 2048,
      value: values.positions,
      format: formatInt,
      onChange: (v) => onChange({ positions: v }),
    }),
    base: baseSlider(values.base, (v) => onChange({ base: v })),
    layout: select({
      label: 'Layout',
      value: values.layout,
      options: [
        { value: 'interleaved', label: 'interleaved (sin 2i, cos 2i+1)' },
        { value: 'split', label: 'split (all sin, then all cos)' },
      ],
      onChange: (v) => onChange({ layout: v }),
    }),
  };
}

/**
 * The frequency base on a log scale from 10 to 10^6, as the sinusoidal and rotary encodings both use it.
 * @param {number} value
 * @param {(base: number) => void} onChange
 */
export function baseSlider(value, onChange) {
  return slider({ label: 'Base', min: 10, max: 1e6, scale: 'log', value, onChange });
}
