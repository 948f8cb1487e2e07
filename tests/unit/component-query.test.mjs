// Parameters from a <pe-figure> element's attributes or a pe-explorer:set message, written as the URL query that
// figure.parse reads (web/src/component/query.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseQuery } from '../../web/src/core/params.js';
import { attributeOf, queryOf } from '../../web/src/component/query.js';

test('URL names become kebab-case attribute names', () => {
  assert.equal(attributeOf('dModel'), 'd-model');
  assert.equal(attributeOf('positions'), 'positions');
  assert.equal(attributeOf('maxTrainLength'), 'max-train-length');
});

test('values are written as the URL writes them, and parse reads them back typed', () => {
  const query = queryOf({ dModel: 96, layout: 'split', shown: [0, 130], causal: true });
  assert.equal(query.toString(), 'dModel=96&layout=split&shown=0%2C130&causal=1');
  const decls = {
    dModel: { type: 'int', default: 512 },
    shown: { type: 'numbers', default: [] },
    causal: { type: 'boolean', default: false },
  };
  assert.deepEqual(parseQuery(query, decls), { dModel: 96, shown: [0, 130], causal: true });
});

test('a value that is no parameter value is refused with its name', () => {
  assert.throws(
    () => queryOf({ dModel: { width: 96 } }),
    /Parameter "dModel" must be a number.*received an object/,
  );
  assert.throws(() => queryOf({ shown: [1, null] }), /"shown".*received a list/);
  assert.throws(() => queryOf(null), /keyed by URL names \(received null\)/);
  assert.throws(() => queryOf([1]), /received a list/);
});
