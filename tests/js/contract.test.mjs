// The engine's contract as a whole: every export is declared in pe-engine.d.ts (pe-models.d.ts for the models'
// module), every entry point rejects bad
// arguments with an Error that names the function and the parameter, and neither errors nor repeated calls
// leave memory behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  pe,
  labModule,
  models,
  createEngine,
  createLab,
  assertEngineError,
  assertBadCallsLeaveNoTrace,
  assertNoGrowth,
} from './engine.mjs';

// The engine's functions are the methods of the PeEngine interface (other interfaces, such as Lab, have
// methods of their own).
const methodsOf = (file, name) => {
  const dts = readFileSync(file, 'utf8');
  const start = dts.indexOf(`export interface ${name} {`);
  return [...dts.slice(start, dts.indexOf('\n}\n', start)).matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1]);
};
const declared = methodsOf('cpp/bindings/pe-engine.d.ts', 'PeEngine');
const declaredModels = methodsOf('cpp/bindings/pe-models.d.ts', 'PeModels');

// One call per entry point with a bad argument, and the parameter its message must name.
const badCalls = {
  sinusoidalTable: [() => pe.sinusoidalTable(64, 7), /dModel/],
  sinusoidalColumns: [() => pe.sinusoidalColumns(64, 8, 10000, 'split', [9]), /dimensions/],
  sinusoidalImage: [() => pe.sinusoidalImage(8, 8, 10000, 'split', [7]), /palette/],
  pairPeriods: [() => pe.pairPeriods(512, NaN), /base/],
  dimensionRanges: [() => pe.dimensionRanges(0, 512), /positions/],
  dotByOffset: [() => pe.dotByOffset(0, -1, 512), /maxOffset/],
  dotByOffsetSpread: [() => pe.dotByOffsetSpread([0], -1, 8), /maxOffset/],
  similarityMatrix: [() => pe.similarityMatrix(8, 8, 10000, 'euclid'), /metric/],
  tableSimilarity: [() => pe.tableSimilarity([1, 2, 3], 2, 2), /values/],
  projectedSimilarity: [() => pe.projectedSimilarity(8, 16, 8, 10000, 'alibi'), /mode/],
  diagonalSpread: [() => pe.diagonalSpread([1, 2, 3], 2), /values/],
  layoutOrder: [() => pe.layoutOrder(8, 'diagonal'), /layout/],
  shiftRotation: [() => pe.shiftRotation(0, Infinity, 8), /offset/],
  rotatePair: [() => pe.rotatePair(0, -1, 1, 8), /pos/],
  rotationResidual: [() => pe.rotationResidual(0, 1, 9), /dModel/],
  ropeRotate: [() => pe.ropeRotate([1, 2, 3], 1, 3), /headDim/],
  ropePermutation: [() => pe.ropePermutation(8, 'interleaved', 'diagonal'), /to/],
  ntkScaledBase: [() => pe.ntkScaledBase(10000, 128, -2), /factor/],
  ropeScores: [() => pe.ropeScores([1, 0], [0, 1], 4, 2, 10000, 'interleaved', { bogus: 1 }), /options/],
  ropeScoreByOffset: [() => pe.ropeScoreByOffset([1, 0], [0], 4, 2), /k/],
  alibiSlopes: [() => pe.alibiSlopes(65), /nHeads/],
  alibiBias: [() => pe.alibiBias(0, 4), /nHeads/],
  contextExtension: [() => pe.contextExtension(128, 10000, 2048, 8192, 'rerope'), /method/],
  positionRounding: [() => pe.positionRounding(0, 'bfloat16'), /length/],
  phaseError: [() => pe.phaseError([1, NaN], 128, 10000, 'float32'), /positions/],
  roundToFormat: [() => pe.roundToFormat([1], 'float8'), /format/],
  naiveEncoding: [() => pe.naiveEncoding('random', 4, 8), /kind/],
  naiveNormRatio: [() => pe.naiveNormRatio('index', 4, 7), /dModel/],
  naiveOffsetMeaning: [() => pe.naiveOffsetMeaning(1, 'five'), /lengths/],
  selfAttention: [() => pe.selfAttention([1, 2], 1, 2, { heads: 0 }), /heads/],
  vocabulary: [() => pe.vocabulary(1), /at most 0 arguments/],
  tokenize: [() => pe.tokenize(42), /text/],
  wordEmbeddings: [() => pe.wordEmbeddings('dog', 3), /dModel/],
  attendSentence: [() => pe.attendSentence('dog bites zebra', 'none', 64), /"zebra"/],
  compareSentences: [() => pe.compareSentences('dog bites man', 'man bites dog', 'none', 63), /dModel/],
  mixingTerms: [() => pe.mixingTerms('dog', -1, 'man', 0, 64), /pos1/],
  mixingByPosition: [() => pe.mixingByPosition('dog', 'man', 0, 64), /positions/],
  mixingRms: [() => pe.mixingRms(4, 64, { scaled: 'yes' }), /scaled/],
  mixingSpread: [() => pe.mixingSpread('dog', 0, 0, 64), /positions/],
  memoryUsage: [() => pe.memoryUsage(1), /at most 0 arguments/],
};
const modelsBadCalls = {
  tableCosine: [() => models.tableCosine([1, 2, NaN, 4], 2, 2), /values.*item 2/],
  tableStats: [() => models.tableStats([1, 2, 3, 4], 2, 2, 2), /first/],
  tableComponents: [() => models.tableComponents([1, 2, 3, 4], 2, 2, 0, 2, 3), /components/],
  tablePeriods: [() => models.tablePeriods([1, 2, 3, 4], 2, 2, 1), /count/],
  ropeSpectrum: [() => models.ropeSpectrum(128, 10000, 4096, { ropeType: 'su' }), /scaling\.ropeType/],
  t5Buckets: [() => models.t5Buckets(32, 128, 70000), /maxOffset/],
  memoryUsage: [() => models.memoryUsage(1), /at most 0 arguments/],
};

test("the engine's module holds exactly what pe-engine.d.ts declares, and nothing internal", () => {
  assert.deepEqual(Object.keys(pe).sort(), [...declared].sort());
  for (const name of declared) assert.equal(typeof pe[name], 'function', `${name}`);
  for (const internal of ['_malloc', '_free', 'run', '___wasm_call_ctors', 'HEAPU8', 'asm', 'BindingError']) {
    assert.equal(pe[internal], undefined, `${internal} is not reachable`);
  }
  assert.ok(Object.isFrozen(pe), 'the module cannot be patched');
});

test('the models are a module of their own: exactly what pe-models.d.ts declares, none of it in the engine', () => {
  assert.deepEqual(Object.keys(models).sort(), [...declaredModels].sort());
  assert.equal(models._malloc, undefined);
  assert.ok(Object.isFrozen(models));
  for (const name of declaredModels.filter((n) => n !== 'memoryUsage')) {
    assert.equal(pe[name], undefined, `${name} is not in the engine every reader downloads`);
  }
});

test('the lab is a module of its own: exactly what pe-lab.d.ts declares, and the engine has no Lab', async () => {
  const labDts = readFileSync('cpp/bindings/pe-lab.d.ts', 'utf8');
  const start = labDts.indexOf('export interface PeLab {');
  const members = [...labDts.slice(start, labDts.indexOf('\n}\n', start)).matchAll(/^ {2}(\w+)[(:]/gm)];
  assert.deepEqual(Object.keys(labModule).sort(), members.map((m) => m[1]).sort());
  assert.equal(labModule._malloc, undefined);
  assert.ok(Object.isFrozen(labModule));
  assert.equal(pe.Lab, undefined, 'the engine the article loads carries no lab');
  assert.equal(typeof (await createLab()).Lab, 'function', 'a second lab module loads with no arguments');
});

test('every entry point rejects a bad argument with an Error naming the function and the parameter', () => {
  assert.deepEqual(Object.keys(badCalls).sort(), [...declared].sort(), 'one bad call per declared function');
  assert.deepEqual(Object.keys(modelsBadCalls).sort(), [...declaredModels].sort(), 'and per models function');
  for (const [name, [call, parameter]] of [...Object.entries(badCalls), ...Object.entries(modelsBadCalls)]) {
    const error = assertEngineError(call, parameter, new RegExp(`^${name}: `));
    assert.ok(error.message.length < 600, `${name}: a readable message`);
  }
});

test('10,000 bad calls across every entry point leave results exact and memory unchanged', () => {
  const calls = [...Object.values(badCalls), ...Object.values(modelsBadCalls)].map(([call]) => call);
  assertBadCallsLeaveNoTrace(calls, 10000, () => ({
    table: pe.sinusoidalTable(16, 32),
    sentence: pe.attendSentence('the dog chased the cat', 'rope', 64, 3).pooled,
    slopes: pe.alibiSlopes(12),
    spectrum: models.ropeSpectrum(64, 10000, 4096, { ropeType: 'linear', factor: 2 }).scaledInvFreq,
  }));
});

test('repeated good calls do not grow the heap', () => {
  const work = () => {
    pe.sinusoidalTable(512, 512);
    pe.dimensionRanges(64, 512);
    pe.similarityMatrix(64, 128);
    pe.tableSimilarity(pe.sinusoidalTable(32, 64), 32, 64);
    pe.attendSentence('dog bites man', 'sinusoidal', 128, 1);
    pe.contextExtension(128, 10000, 2048, 8192, 'ntk');
    models.ropeSpectrum(128, 500000, 131072, {
      ropeType: 'yarn',
      factor: 32,
      originalMaxPositionEmbeddings: 4096,
    });
    pe.mixingRms(16, 64);
  };
  assertNoGrowth(work, 200);
});

test('sizes are capped before any memory is taken', () => {
  const before = pe.memoryUsage();
  assertEngineError(() => pe.sinusoidalTable(65536, 4096), /cap/);
  assertEngineError(() => pe.sinusoidalTable(65536, 4098), /dModel/);
  assertEngineError(() => pe.alibiBias(64, 65536), /cap|seqLen/);
  assertEngineError(() => pe.attendSentence(Array(33).fill('dog').join(' '), 'none', 64), /32/);
  assert.deepEqual(pe.memoryUsage(), before);
});

test('a second engine instance loads independently with no arguments', async () => {
  const other = await createEngine();
  assert.deepEqual(other.pairPeriods(8), pe.pairPeriods(8));
});
