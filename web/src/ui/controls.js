// Labelled, keyboard-operable controls. Each returns { element, value (get/set), input } and calls
// onChange(value) on every user change; setting .value from code does not call it.
import { maxOf } from '../core/params.js';
import { h, uid, valueHandle } from './dom.js';
import { numberList } from './fields.js';
import { formatSig } from './format.js';

/**
 * A range slider with a visible label and a live value. scale "log" moves in equal ratios (for bases, lengths),
 * "pow2" in powers of two (min and max are powers of two); `integer` keeps a log slider's values whole.
 * Arrow keys step; Page Up/Down take bigger steps; the <output> shows the exact value.
 * @param {{ label: string, min: number, max: number, step?: number, value: number, scale?: string,
 *   integer?: boolean, format?: (v: number) => string, onChange?: (v: number) => void, name?: string }} options
 */
export function slider({
  label,
  min,
  max,
  step = 1,
  value,
  scale = 'linear',
  integer = false,
  format = (v) => formatSig(v, 6),
  onChange = () => {},
  name,
}) {
  const id = uid('slider');
  const log = scale === 'log';
  const pow2 = scale === 'pow2';
  const toInput = (v) => (log ? Math.log10(v) : pow2 ? Math.round(Math.log2(v)) : v);
  const fromInput = (x) => {
    if (pow2) return 2 ** Number(x);
    if (!log) return Number(x);
    // Snap log values to a tidy number of significant digits so the readout and the engine agree exactly.
    const snapped = Number((10 ** Number(x)).toPrecision(3));
    return integer ? Math.round(snapped) : snapped;
  };
  const input = h('input', {
    id,
    type: 'range',
    name: name ?? id,
    min: toInput(min),
    max: toInput(max),
    step: log ? 'any' : step,
    value: toInput(value),
  });
  const output = h('output', { for: id, class: 'pe-control-value' }, format(value));
  let current = value;
  input.addEventListener('input', () => {
    current = fromInput(input.value);
    output.textContent = format(current);
    input.setAttribute('aria-valuetext', format(current));
    onChange(current);
  });
  input.setAttribute('aria-valuetext', format(value));
  const element = h('div', { class: 'pe-control pe-slider' }, h('label', { for: id }, label), input, output);
  return valueHandle(
    element,
    input,
    () => current,
    (v) => {
      if (v === current) return;
      current = v;
      input.value = String(toInput(v));
      const text = format(v);
      output.textContent = text;
      input.setAttribute('aria-valuetext', text);
    },
  );
}

/** A drop-down choice.
 * @param {{ label: string, options: { value: string, label: string }[], value: string,
 *   onChange?: (v: string) => void, name?: string }} options
 */
export function select({ label, options, value, onChange = () => {}, name }) {
  const id = uid('select');
  const input = h(
    'select',
    { id, name: name ?? id },
    options.map((o) => h('option', { value: o.value, selected: o.value === value }, o.label)),
  );
  input.addEventListener('change', () => onChange(input.value));
  const element = h('div', { class: 'pe-control pe-select' }, h('label', { for: id }, label), input);
  return valueHandle(
    element,
    input,
    () => input.value,
    (v) => {
      input.value = v;
    },
  );
}

/**
 * A checkbox with its label.
 * @param {{ label: string, checked?: boolean, onChange?: (v: boolean) => void, name?: string }} options
 */
export function toggle({ label, checked = false, onChange = () => {}, name }) {
  const id = uid('toggle');
  const input = h('input', { id, type: 'checkbox', name: name ?? id, checked });
  input.addEventListener('change', () => onChange(input.checked));
  const element = h('div', { class: 'pe-control pe-toggle' }, input, h('label', { for: id }, label));
  return valueHandle(
    element,
    input,
    () => input.checked,
    (v) => {
      input.checked = Boolean(v);
    },
  );
}

/**
 * A group of mutually exclusive buttons (a segmented control) with aria-pressed state.
 * @param {{ label: string, options: { value: string, label: string }[], value: string,
 *   onChange?: (v: string) => void }} options
 */
export function segmented({ label, options, value, onChange = () => {} }) {
  let current = value;
  const buttons = options.map((o) =>
    h(
      'button',
      {
        type: 'button',
        class: 'pe-segment',
        'data-value': o.value,
        'aria-pressed': String(o.value === value),
        onClick: () => {
          set(o.value);
          onChange(o.value);
        },
      },
      o.label,
    ),
  );
  function set(v) {
    current = v;
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.value === v));
  }
  const element = h(
    'div',
    { class: 'pe-control pe-segmented', role: 'group', 'aria-label': label },
    h('span', { class: 'pe-segmented-label' }, label),
    buttons,
  );
  return valueHandle(element, undefined, () => current, set);
}

/**
 * Builds the labelled controls of every parameter that declares one, in declaration order.
 * @param {Record<string, import('../core/params.js').ParamDecl>} decls
 * @param {Record<string, unknown>} values the initial values
 * @param {(patch: Record<string, unknown>) => void} onChange called with { key: value } on every change
 * @returns {Record<string, { element: HTMLElement, value: any, linked: boolean, input?: HTMLInputElement }>}
 */
export function createControls(decls, values, onChange) {
  /** @type {Record<string, any>} */
  const controls = {};
  for (const [key, decl] of Object.entries(decls)) {
    if (!decl.control) continue;
    const control = makeControl(decl, values[key], (v) => onChange({ [key]: v }), values);
    controls[key] = Object.assign(control, { linked: Boolean(decl.linked) });
  }
  return controls;
}

function makeControl(decl, value, onChange, values) {
  const { control, label = '', format } = decl;
  if (typeof control === 'function') return control(value, onChange);
  if (control === 'slider') {
    const { min, step, scale } = decl;
    const max = maxOf(decl, values);
    const integer = decl.type === 'int';
    return slider({ label, min, max, step, scale, integer, value, onChange, ...(format ? { format } : {}) });
  }
  if (control === 'toggle') return toggle({ label, checked: Boolean(value), onChange });
  if (control === 'numbers') return numberList({ label, value, onChange });
  const options = (decl.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  const typed = (v) => decl.options?.find((o) => String(o.value) === v)?.value ?? v;
  const made =
    control === 'segmented'
      ? segmented({ label, options, value: String(value), onChange: (v) => onChange(typed(v)) })
      : select({ label, options, value: String(value), onChange: (v) => onChange(typed(v)) });
  // The widgets hold strings; the figure's parameter keeps its declared type.
  return valueHandle(
    made.element,
    undefined,
    () => typed(made.value),
    (v) => {
      made.value = String(v);
    },
  );
}
