// Numbers near double-precision rounding (residuals, differences between curves that agree) read badly as
// "0.000000000000002"; these print them as a mantissa times a power of ten with a real superscript.
import { h } from './dom.js';

/**
 * DOM children for x in exponent form: 1.79e-15 -> "1.79", "×10", <sup>−15</sup>. Zero prints as "0", so an
 * exact zero is never dressed up as a tiny number.
 * @param {number} x
 * @param {number} significant digits of the mantissa
 */
export function scientific(x, significant = 3) {
  if (!Number.isFinite(x)) return [String(x)];
  if (x === 0) return ['0'];
  const [mantissa, exponent] = x.toExponential(significant - 1).split('e');
  return [
    mantissa.replace('-', '\u2212'),
    '\u00d710',
    h('sup', {}, String(Number(exponent)).replace('-', '\u2212')),
  ];
}

/** The same number as plain text for readouts and summaries: "1.79×10^−15" (or "0"). */
export function scientificText(x, significant = 3) {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  const [mantissa, exponent] = x.toExponential(significant - 1).split('e');
  return `${mantissa.replace('-', '\u2212')}\u00d710^${String(Number(exponent)).replace('-', '\u2212')}`;
}
