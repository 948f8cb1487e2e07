// The one key map of every chart (ui/grid-cursor.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gridMove, indexMove } from '../../web/src/ui/grid-cursor.js';

const key = (name, shiftKey = false) => ({ key: name, shiftKey });
const size = { rows: 64, cols: 512 };

test('arrows move one cell, ten with Shift, and stop at the edges', () => {
  assert.deepEqual(gridMove(key('ArrowDown'), { row: 3, col: 5 }, size), { row: 4, col: 5 });
  assert.deepEqual(gridMove(key('ArrowRight', true), { row: 3, col: 5 }, size), { row: 3, col: 15 });
  assert.deepEqual(gridMove(key('ArrowUp', true), { row: 3, col: 5 }, size), { row: 0, col: 5 });
  assert.deepEqual(gridMove(key('ArrowLeft'), { row: 0, col: 0 }, size), { row: 0, col: 0 });
});

test('Page Up and Down move ten rows; Home and End the first and last row, with Shift the column', () => {
  assert.deepEqual(gridMove(key('PageDown'), { row: 60, col: 1 }, size), { row: 63, col: 1 });
  assert.deepEqual(gridMove(key('PageUp'), { row: 15, col: 1 }, size), { row: 5, col: 1 });
  assert.deepEqual(gridMove(key('End'), { row: 2, col: 9 }, size), { row: 63, col: 9 });
  assert.deepEqual(gridMove(key('Home'), { row: 2, col: 9 }, size), { row: 0, col: 9 });
  assert.deepEqual(gridMove(key('End', true), { row: 2, col: 9 }, size), { row: 2, col: 511 });
  assert.deepEqual(gridMove(key('Home', true), { row: 2, col: 9 }, size), { row: 2, col: 0 });
});

test("other keys are not the map's", () => {
  assert.equal(gridMove(key('a'), { row: 0, col: 0 }, size), null);
  assert.equal(indexMove(key('Enter'), 3, 10), null);
});

test('one index: Right and Up step forward, Left and Down back, Page keys by ten, Home and End to the ends', () => {
  assert.equal(indexMove(key('ArrowRight'), 3, 10), 4);
  assert.equal(indexMove(key('ArrowUp', true), 3, 100), 13);
  assert.equal(indexMove(key('ArrowDown'), 0, 10), 0);
  assert.equal(indexMove(key('PageUp'), 3, 10), 10);
  assert.equal(indexMove(key('PageDown'), 30, 100), 20);
  assert.equal(indexMove(key('End'), 3, 10), 10);
  assert.equal(indexMove(key('Home'), 3, 10), 0);
});
