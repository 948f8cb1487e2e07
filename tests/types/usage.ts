// Compiled by tsc against the hand-written pe-engine.d.ts, pe-lab.d.ts and pe-models.d.ts, never run: it breaks the build when the
// declarations stop describing how the engine is used.
import createEngine, { type Layout, type PeEngine } from '../../cpp/bindings/pe-engine.js';
import createModels, { type PeModels, type RopeSpectrum } from '../../cpp/bindings/pe-models.js';
import createLab, {
  type Lab,
  type LabConfig,
  type LabExtensionMethod,
  type PeLab,
} from '../../cpp/bindings/pe-lab.js';

async function usage(): Promise<void> {
  const pe: PeEngine = await createEngine();
  const models: PeModels = await createModels();
  const layout: Layout = 'split';
  const table: Float32Array = pe.sinusoidalTable(64, 512, 10000, layout);
  const defaults: Float32Array = pe.sinusoidalTable(64, 512);
  const columns: Float64Array = pe.sinusoidalColumns(64, 512, undefined, 'split', [0, 32]);
  const image: Uint8ClampedArray = pe.sinusoidalImage(64, 512, undefined, 'split', new Uint32Array([0, 1]));
  const shrunk: Uint8ClampedArray = pe.sinusoidalImage(2048, 512, 10000, undefined, [0, 1], 420, 300);
  const periods: Float64Array = pe.pairPeriods(512);
  const ranges: Float64Array = pe.dimensionRanges(64, 512, 10000);
  const dots: Float64Array = pe.dotByOffset(0, 37, 512);
  const spread: number = pe.dotByOffsetSpread([0, 100], 37, 512);
  const similarity: Float64Array = pe.similarityMatrix(64, 512, 10000, 'cosine');
  const rowSimilarity: Float64Array = pe.tableSimilarity(table, 64, 512);
  const rowDots: Float64Array = pe.tableSimilarity([1, 0, 0, 1], 2, 2, 'dot');
  const cosine = models.tableCosine(table, 64, 512, 2, 62);
  const cosineCells: Float32Array = cosine.matrix;
  const sinusoidCurve: Float64Array | null = models.tableCosine(
    table,
    64,
    512,
    undefined,
    undefined,
    500,
  ).sinusoid;
  const learnedCurve: Float64Array = cosine.byOffset;
  const topShare: number = models.tableStats(table, 64, 512).cumulative[51];
  const byVariance: Int32Array = models.tableStats(table, 64, 512, 2).order;
  const components = models.tableComponents(table, 64, 512, 0, 64, 3);
  const explained: Float64Array = components.explained;
  const iterations: number = components.iterations;
  const columnPeriods: Float64Array = models.tablePeriods(table, 64, 512).period;
  const peakBins: Int32Array = models.tablePeriods(table, 64, 512, 2, 62).bin;
  void [cosineCells, sinusoidCurve, learnedCurve, topShare, byVariance, explained, iterations];
  void [columnPeriods, peakBins];
  const rotation: Float64Array = pe.shiftRotation(3, 5, 512);
  const order: Int32Array = pe.layoutOrder(512, 'split');
  const turned: Float64Array = pe.rotatePair(3, 100, 5, 512);
  const residual: number = pe.rotationResidual(100, 37, 512);
  const memory: number = pe.memoryUsage().allocatedBytes;

  const q = new Float32Array(16).fill(0.5);
  const rotated: Float32Array = pe.ropeRotate(q, 2, 8, 0, 10000, 'half', 2);
  const permutation: Int32Array = pe.ropePermutation(8, 'interleaved', 'half');
  const ntkBase: number = pe.ntkScaledBase(undefined, 128, 4);
  const scores: Float64Array = pe.ropeScores(q.subarray(0, 8), q.subarray(8), 16, 8, 10000, 'interleaved', {
    queriesOnly: true,
  });
  const byOffset: Float64Array = pe.ropeScoreByOffset([1, 0, 0, 1], [0, 1, 1, 0], 32, 4);
  const slopes: Float64Array = pe.alibiSlopes(12);
  const bias: Float64Array = pe.alibiBias(4, 16, true);
  const extension = pe.contextExtension(128, undefined, 2048, 8192, 'ntk');
  const outOfRange: Uint8Array = extension.outOfRange;
  const yarn = pe.contextExtension(128, 10000, 2048, 8192, 'yarn', { raisedBase: 500000 });
  const overshoot: Float64Array = yarn.overshoot;
  const temperature: number = yarn.attentionScale;
  const llama31 = models.ropeSpectrum(128, 500000, 131072, {
    ropeType: 'llama3',
    factor: 8,
    lowFreqFactor: 1,
    highFreqFactor: 4,
    originalMaxPositionEmbeddings: 8192,
  });
  const turns: Float64Array = llama31.turns;
  const phi: RopeSpectrum = models.ropeSpectrum(96, 10000, 131072, null, {
    partialRotaryFactor: 0.5,
    seqLen: 4096,
  });
  void [turns, phi.attentionFactor];
  const collision: number = pe.positionRounding(8192, 'bfloat16').firstCollision;
  const projected: Float64Array = pe.projectedSimilarity(16, 32, 8, undefined, 'rope', 'dot', 1);
  const diagonals: Float64Array = pe.diagonalSpread(projected, 16);
  const termSpread: number = pe.mixingSpread('dog', 0, 64, 64, { scaled: true }).spread.positionPosition;
  void [overshoot, temperature, collision, diagonals, termSpread];
  const phase: Float64Array = pe.phaseError([100, 1e6], 128, 10000, 'bfloat16').angleError;
  const rounded: Float64Array = pe.roundToFormat([1 / 3], 'float16');
  const naive: Float32Array = pe.naiveEncoding('normalized', 10, 16);
  const ratio: Float64Array = pe.naiveNormRatio('index', 64, 512);
  const meaning: Float64Array = pe.naiveOffsetMeaning(3, [5, 10, 100]);
  const attention = pe.selfAttention(new Float64Array(3 * 8), 3, 8, {
    heads: 2,
    mask: 'causal',
    positional: 'rope',
  });
  const pooled: Float64Array = attention.pooled;
  const words: string[] = pe.vocabulary();
  const known: Uint8Array = pe.tokenize('dog bites man').known;
  const embeddings: Float64Array = pe.wordEmbeddings('the dog', 16, { seed: 2, scaled: false });
  const sentence = pe.attendSentence('dog bites man', 'sinusoidal', 64, 1, { mask: 'causal' });
  const tokens: string[] = sentence.tokens;
  const mixing: number = pe.mixingTerms('dog', 0, 'man', 2, 512, { scaled: true }).total;
  const compared = pe.compareSentences('dog bites man', 'man bites dog', 'alibi', 64, 1, { mask: 'causal' });
  const byMask: number = compared.pooledDifferences.alibi.causal + compared.pooledDifference;
  const sharedAt: number | undefined = compared.sharedWord?.indexB;
  const outputs: Float64Array = compared.b.outputs;
  // @ts-expect-error the table has no row for an unknown encoding
  void compared.pooledDifferences.absolute;
  // @ts-expect-error encoding is a closed set of strings
  pe.attendSentence('dog bites man', 'absolute', 64);
  // @ts-expect-error layout is a closed set of strings
  pe.sinusoidalTable(64, 512, 10000, 'diagonal');
  // @ts-expect-error metric is a closed set of strings
  pe.tableSimilarity(table, 64, 512, 'euclid');
  void [
    image,
    shrunk,
    columns,
    table,
    defaults,
    periods,
    ranges,
    dots,
    similarity,
    rowSimilarity,
    rowDots,
    spread,
    rotation,
    turned,
    order,
    residual,
    memory,
  ];
  void [
    rotated,
    permutation,
    ntkBase,
    scores,
    byOffset,
    slopes,
    bias,
    outOfRange,
    phase,
    rounded,
    naive,
    ratio,
  ];
  void [meaning, pooled, words, known, embeddings, tokens, mixing];
  void [byMask, sharedAt, outputs];

  const labModule: PeLab = await createLab();
  const labHeap: number = labModule.memoryUsage().heapBytes;
  // @ts-expect-error the lab is a module of its own, not part of the engine
  void pe.Lab;
  const config: LabConfig = { task: 'subject', scheme: 'alibi', dModel: 32, nLayers: 1, length: 8 };
  const lab: Lab = new labModule.Lab(config);
  const defaultLab: Lab = new labModule.Lab();
  const t5Lab: Lab = new labModule.Lab({ scheme: 't5', randomizedPositions: 64 });
  const randomized: number = t5Lab.config.randomizedPositions;
  t5Lab.delete();
  const ropeLab: Lab = new labModule.Lab({ task: 'subject', length: 8 });
  ropeLab.extend({ method: 'interpolation', length: 16 });
  ropeLab.extend({ method: 'yarn', length: 32, factor: 4 });
  const from: number = ropeLab.config.originalLength;
  const method: LabExtensionMethod = ropeLab.config.extension;
  void [from, method];
  ropeLab.delete();
  const losses: Float32Array = lab.train(10).loss;
  const trainAccuracy: Float32Array = lab.train(1).accuracy;
  const evaluation = lab.evaluate({ samples: 16, first: 16 });
  const lengths: Int32Array = evaluation.lengths;
  const byLength: Float64Array = evaluation.accuracy;
  const attentionWords: string[] = lab.attention(0, 1, 12, 3).words;
  const attentionWeights: Float32Array = lab.attention(0, 0).weights;
  const positionTable: Float32Array = lab.positionTable();
  const offsets: Int32Array = lab.offsetScores(0, 0).offsets;
  const saved: Uint8Array = lab.exportState();
  defaultLab.importState(saved);
  const step: number = lab.step;
  const scheme: string = lab.config.scheme;
  lab.delete();
  defaultLab.delete();
  // @ts-expect-error the scheme is a closed set of strings
  new labModule.Lab({ scheme: 'relative' });
  // @ts-expect-error unknown config fields are rejected
  new labModule.Lab({ width: 64 });
  void [
    labHeap,
    randomized,
    losses,
    trainAccuracy,
    lengths,
    byLength,
    attentionWords,
    attentionWeights,
    positionTable,
    offsets,
    step,
    scheme,
  ];
}

void usage;
