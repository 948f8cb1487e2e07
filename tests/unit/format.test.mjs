// One number format for readouts, live numbers and formulas (ui/format.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatFixed, formatInt, formatSig, formatValue, number } from '../../web/src/ui/format.js';

test('integers get thousands separators', () => {
  assert.equal(formatInt(60611), '60,611');
  assert.equal(formatInt(-3.6), '-4');
});

test('fixed decimals drop trailing zeros, print -0 as 0 and use the minus sign', () => {
  assert.equal(formatFixed(1.5, 3), '1.5');
  assert.equal(formatFixed(-0.0001, 2), '0');
  assert.equal(formatFixed(-2.25, 2), '\u22122.25');
});

test('mid-sized numbers are written plainly with their significant digits', () => {
  assert.equal(number(0.051612345, 3).text, '0.0516');
  assert.equal(formatValue(139.0498123), '139.05');
  assert.equal(formatValue(-0.8414709848), '\u22120.841471');
});

test('tiny and huge numbers take a power of ten, in text, TeX and nodes alike', () => {
  const n = number(-1.789e-15, 3);
  assert.equal(n.text, '\u22121.79\u00d710^\u221215');
  assert.equal(n.tex, '-1.79\\times10^{-15}');
  assert.equal(n.text.split('\u00d7')[0], '\u22121.79');
  assert.equal(formatSig(2.5e7, 2), '2.5\u00d710^7');
});

test('exponent form on request, and zero is never dressed up', () => {
  assert.equal(number(0.25, 2, { exponent: true }).text, '2.5\u00d710^\u22121');
  assert.equal(number(0, 3, { exponent: true }).text, '0');
  assert.equal(number(-Infinity).text, '\u2212Infinity');
  assert.equal(number(NaN).text, 'NaN');
});
