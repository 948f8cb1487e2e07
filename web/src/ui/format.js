// Number formatting shared by every readout and every live number in the prose.

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** An integer with thousands separators: 60611 -> "60,611". */
export function formatInt(n) {
  return grouped.format(Math.round(n));
}

/** A number with at most `digits` decimals, trailing zeros dropped; -0 prints as 0. */
export function formatFixed(x, digits = 2) {
  if (!Number.isFinite(x)) return String(x);
  const s = x.toFixed(digits);
  const trimmed = s.includes('.') ? s.replace(/\.?0+$/, '') : s;
  return trimmed === '-0' ? '0' : trimmed.replace('-', '\u2212');
}

/** A number with `significant` significant digits, in exponent form when very small or large. */
export function formatSig(x, significant = 4) {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  const magnitude = Math.abs(x);
  if (magnitude >= 1e6 || magnitude < 1e-4) {
    const [mantissa, exponent] = x.toExponential(significant - 1).split('e');
    return `${mantissa.replace('-', '\u2212')}\u00d710^${Number(exponent)}`;
  }
  return formatFixed(Number(x.toPrecision(significant)), 12);
}

/** A value for a readout: enough digits to check by hand (float32 values carry about 7). */
export function formatValue(x) {
  return formatSig(x, 6);
}
