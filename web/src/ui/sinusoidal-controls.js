// The four parameters of the sinusoidal encoding as labelled controls: the section bar of the article uses them,
// and so does every figure of the sinusoidal part when it stands alone on the embed page.
import { select, slider } from './controls.js';
import { formatInt } from './format.js';

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
    base: slider({
      label: 'Base',
      min: 10,
      max: 1e6,
      scale: 'log',
      value: values.base,
      onChange: (v) => onChange({ base: v }),
    }),
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
