// Number formatting shared by every readout, live number, axis and formula. One dialect: U+2212 for minus, and
// very small or large numbers as a mantissa times a power of ten, which `number` gives as text
// ("1.79×10^−15"), as TeX ("1.79\times10^{-15}") and as DOM nodes (a real superscript) from one rounding.
import { h } from './dom.js';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const MINUS = '\u2212';
const TIMES_TEN = '\u00d710';

/** An integer with thousands separators: 60611 -> "60,611". */
export function formatInt(n) {
  return grouped.format(Math.round(n));
}

/** A number with at most `digits` decimals, trailing zeros dropped; -0 prints as 0. */
export function formatFixed(x, digits = 2) {
  if (!Number.isFinite(x)) return String(x);
  const s = x.toFixed(digits);
  const trimmed = s.includes('.') ? s.replace(/\.?0+$/, '') : s;
  return trimmed === '-0' ? '0' : trimmed.replace('-', MINUS);
}

/**
 * x with `significant` significant digits as { text, tex, nodes }. From 1e-4 to 1e6 it is written plainly
 * ("0.0516"); outside, or always with `exponent: true`, as mantissa times a power of ten. Zero is "0", so an
 * exact zero is never dressed up as a tiny number.
 * @param {number} x
 * @param {number} [significant]
 * @param {{ exponent?: boolean }} [options]
 * @returns {{ text: string, tex: string, nodes: (string|Node)[] }}
 */
export function number(x, significant = 4, { exponent = false } = {}) {
  if (!Number.isFinite(x) || x === 0) {
    const text = Number.isFinite(x) ? '0' : String(x).replace('-', MINUS);
    return { text, tex: Number.isFinite(x) ? '0' : `${x < 0 ? '-' : ''}\\infty`, nodes: [text] };
  }
  const magnitude = Math.abs(x);
  if (!exponent && magnitude >= 1e-4 && magnitude < 1e6) {
    const text = formatFixed(Number(x.toPrecision(significant)), 12);
    return { text, tex: text.replace(MINUS, '-'), nodes: [text] };
  }
  const [mantissa, power] = x.toExponential(significant - 1).split('e');
  const m = mantissa.replace('-', MINUS);
  const p = String(Number(power)).replace('-', MINUS);
  return {
    text: `${m}${TIMES_TEN}^${p}`,
    tex: `${mantissa}\\times10^{${Number(power)}}`,
    // Made when asked for: most callers want only the text.
    get nodes() {
      return [m, TIMES_TEN, h('sup', {}, p)];
    },
  };
}

/** A number with `significant` significant digits, as text (see `number`). */
export function formatSig(x, significant = 4) {
  return number(x, significant).text;
}

/** A value for a readout: enough digits to check by hand (float32 values carry about 7). */
export function formatValue(x) {
  return number(x, 6).text;
}

const SUPERSCRIPT = '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079';

/** Tick label of a log axis: "1", "10", "100", "1000", then 10 with a superscript exponent; '' between decades. */
export function decade(v, every = 1) {
  const exponent = Math.round(Math.log10(v));
  if (Math.abs(Math.log10(v) - exponent) > 1e-9 || exponent % every !== 0) return '';
  if (exponent >= 0 && exponent <= 3) return String(10 ** exponent);
  return `10${Array.from(String(exponent), (c) => (c === '-' ? '\u207b' : SUPERSCRIPT[Number(c)])).join('')}`;
}
