// Numbers near double-precision rounding (residuals, differences between curves that agree) always in exponent
// form: format.js's `number` with `exponent: true`.
import { number } from './format.js';

/** DOM children for x in exponent form: 1.79e-15 -> "1.79", "×10", <sup>−15</sup> (zero prints as "0"). */
export function scientific(x, significant = 3) {
  return number(x, significant, { exponent: true }).nodes;
}

/** The same number as plain text for readouts and summaries: "1.79×10^−15" (or "0"). */
export function scientificText(x, significant = 3) {
  return number(x, significant, { exponent: true }).text;
}
