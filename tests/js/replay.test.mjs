// scripts/replay-calls.mjs, which tells a browser's fault from the engine's: calls recorded as tests/cross/calls.js
// records them replay to the same digests in Node, and a call whose digest or error differs is named.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import vm from 'node:vm';
import { replay } from '../../scripts/replay-calls.mjs';
import { models, pe } from './engine.mjs';

const shared = {};
vm.runInNewContext(readFileSync('tests/cross/calls.js', 'utf8'), { globalThis: shared });
const { __peDigest: digest, __peEncode: encode } = shared;

/** A record of calls as the page makes them: arguments encoded, each result's digest or the error. */
function recordOf(calls) {
  return calls.map(([module, name, args]) => {
    const entry = { module, name, args: args.map(encode) };
    try {
      entry.digest = digest({ 'pe-engine': pe, 'pe-models': models }[module][name](...args));
    } catch (error) {
      entry.error = `${error.name}: ${error.message}`;
    }
    return entry;
  });
}

test('recorded calls replay to the same digests on both builds; a changed one is named', async () => {
  const calls = recordOf([
    ['pe-engine', 'sinusoidalTable', [64, 32, 10000, 'interleaved']],
    ['pe-engine', 'naiveOffsetMeaning', [3, [10, 100, 1000]]],
    ['pe-engine', 'mixingTerms', ['dog', 1, 'man', 2, 64, { scaled: true }]],
    ['pe-engine', 'ropeRotate', [new Float32Array([1, 2, 3, 4]), 1, 4, 0, undefined, 'half', 1]],
    ['pe-engine', 'pairPeriods', [7]],
    ['pe-models', 't5Buckets', [32, 128, 40, false]],
  ]);
  assert.match(calls[4].error, /^Error: pairPeriods: dModel/);
  for (const simd of [true, false]) {
    const result = await replay([{ page: 'p', simd, calls }]);
    assert.deepEqual(result, { pages: 1, calls: 6, differences: [] });
  }
  const changed = structuredClone(calls);
  changed[2].digest = (changed[2].digest ^ 1) >>> 0;
  changed[4].error = 'Error: something else';
  const { differences } = await replay([{ page: 'p', simd: false, calls: changed }]);
  assert.equal(differences.length, 2);
  assert.match(differences[0], /^p, call 2 pe-engine\.mixingTerms: the browser \{"digest":\d+\}, Node/);
  assert.match(differences[1], /call 4 pe-engine\.pairPeriods/);
});
