// A seeded fuzzer of the engine's whole JavaScript surface: every export of the engine's and the models'
// modules, and the lab module's Lab constructor and its methods, called with random and hostile arguments. Shared by fuzz.test.mjs (a short run under
// `npm test`) and scripts/fuzz-engine.mjs (a long run under `npm run bench`).
import { readFileSync } from 'node:fs';

/**
 * The functions a fuzz calls, the engine's and the models' modules' together (memoryUsage: the engine's), and
 * their parameter names as pe-engine.d.ts and pe-models.d.ts declare them.
 */
export function fuzzSurface(engine, models) {
  const read = (name) => readFileSync(`cpp/bindings/${name}.d.ts`, 'utf8');
  return {
    functions: { ...models, ...engine },
    parameters: {
      ...declaredParameters(read('pe-models'), 'PeModels'),
      ...declaredParameters(read('pe-engine'), 'PeEngine'),
    },
  };
}

/** Parameter names of every method of the interface `name` (PeEngine, PeModels) in a .d.ts file's text. */
export function declaredParameters(dts, name) {
  const out = {};
  const start = dts.indexOf(`export interface ${name} {`);
  const block = dts.slice(start, dts.indexOf('\n}\n', start));
  for (const m of block.matchAll(/^ {2}(\w+)\(([\s\S]*?)\):/gm)) {
    const params = [];
    let depth = 0;
    let current = '';
    for (const ch of m[2]) {
      if ('({[<'.includes(ch)) depth += 1;
      if (')}]>'.includes(ch)) depth -= 1;
      if (ch === ',' && depth === 0) {
        params.push(current);
        current = '';
      } else current += ch;
    }
    if (current.trim()) params.push(current);
    out[m[1]] = params.map((p) => p.trim().match(/^(\w+)/)?.[1]).filter(Boolean);
  }
  return out;
}

/** mulberry32: a small seeded generator of floats in [0, 1). */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Small sizes (most valid calls stay cheap), values at and past every cap, and IEEE oddities.
const SMALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64];
const EDGES = [
  ...[NaN, Infinity, -Infinity, -0, -1, -2, 0.5, 1.5, 1e308, -1e308, 5e-324, 2 ** 53, 2 ** 31, 2 ** 32],
  ...[4294967295, 4294967296, 1e9 + 1, 1e12, 1.000001e12, 1e6, 1e6 + 1, 65537, 4097, 4098, 1025, 33, 65],
  ...[2 ** 24 + 1, 3.4028234663852886e38, 3.5e38, 10001, 100001, 1000000001],
];
const BIG = [4096, 65536, 1024, 1e9, 10000, 2 ** 24, 256, 128];
const WORDS = ['split', 'interleaved', 'half', 'dot', 'cosine', 'rope', 'none', 'sinusoidal', 'alibi', 't5'];
const MORE_WORDS = ['learned', 'float32', 'float16', 'bfloat16', 'float64', 'ntk', 'interpolation', 'index'];
const EXTENSION_WORDS = ['dynamic', 'yarn', 'llama3', 'longrope', 'linear', 'default'];
const TEXTS = [
  ...['normalized', 'causal', 'bidirectional', 'both', 'queriesOnly', 'swappedConvention', 'previous'],
  ...['subject', 'majority', 'dog', 'dog bites man', 'the dog chased the cat', '', ' ', 'Dog, bites! man?'],
  ...['\uD800', 'a\uDC00b', '\uDFFF\uD800', '😀 dog', '\u0000', 'é\u0301', 'ﬀ', 'dog\u2028man', '1', 'NaN'],
];
const KEYS = [
  ...['heads', 'mask', 'positional', 'ropeMode', 'ropeConvention', 'seed', 'base', 'outputProjection'],
  ...['scaled', 'queriesOnly', 'scale', 'samples', 'task', 'scheme', 'dModel', 'nHeads', 'nLayers'],
  ...['length', 'batch', 'causal', 'scaleEmbedding', 'lr', 'steps', 'warmup', 'weightDecay', 'clip'],
  ...['randomizedPositions', 'extension', 'extensionFactor', 'originalLength', 'method', 'factor'],
  ...['ropeType', 'originalMaxPositionEmbeddings', 'lowFreqFactor', 'highFreqFactor', 'betaFast', 'mscale'],
  ...['mscaleAllDim', 'attentionFactor', 'truncate', 'shortFactor', 'longFactor', 'seqLen'],
  ...['partialRotaryFactor'],
  ...['bogus', '__proto__', 'constructor', ''],
];
// The lab's caps: 8 heads, 4 layers, length 32 (128 evaluated), dModel 256, batch 256, 10,000 steps a call,
// 1,024 samples, a 100,000-step schedule, example 1e9; its valid values stay small so that calls stay fast.
const LAB_NUMBERS = [
  ...[NaN, Infinity, -1, -0, 0, 1, 2, 3, 4, 5, 8, 16, 0.5, 1e-3],
  ...[9, 33, 129, 257, 1025, 10001, 100001, 1e9, 1e9 + 1],
];

// One valid call of every entry point: the fuzzer mutates one argument of these, so that a hostile value
// also reaches the checks that only run once the arguments before it are valid.
const VALID = {
  sinusoidalTable: [16, 32, 10000, 'split'],
  sinusoidalImage: [8, 8, 10000, 'split', [0, 4294967295], 4, 4],
  sinusoidalColumns: [64, 8, 10000, 'split', [1, 2]],
  layoutOrder: [8, 'split'],
  pairPeriods: [64, 10000],
  dimensionRanges: [64, 512, 10000],
  dotByOffset: [0, 16, 512, 10000],
  dotByOffsetSpread: [[0, 4], 8, 16, 10000],
  similarityMatrix: [8, 16, 10000, 'cosine'],
  tableSimilarity: [[1, 2, 3, 4], 2, 2, 'dot'],
  projectedSimilarity: [8, 16, 8, 10000, 'rope', 'cosine', 2],
  diagonalSpread: [[1, 2, 3, 4], 2],
  tableCosine: [[1, 2, 3, 4, 5, 6], 3, 2, 1, 2, 10000],
  tableStats: [[1, 2, 3, 4, 5, 6], 3, 2, 0, 3],
  tableComponents: [[1, 2, 3, 4, 5, 7], 3, 2, 0, 3, 2],
  tablePeriods: [[1, 2, 3, 4, 5, 7], 3, 2, 1, 2],
  shiftRotation: [0, 3, 8, 10000],
  rotatePair: [0, 1, 1, 8, 10000],
  rotationResidual: [0, 1, 8, 10000],
  ropeRotate: [[1, 2, 3, 4], 1, 4, 0, 10000, 'half', 1],
  ropePermutation: [8, 'interleaved', 'half'],
  ntkScaledBase: [10000, 128, 2],
  ropeScores: [[1, 0], [0, 1], 4, 2, 10000, 'interleaved', { queriesOnly: true, scale: 2 }],
  ropeScoreByOffset: [[1, 0], [0, 1], 4, 2, 10000, 'half'],
  alibiSlopes: [12],
  alibiBias: [4, 8, true],
  contextExtension: [128, 10000, 2048, 8192, 'yarn', { raisedBase: 500000 }],
  t5Buckets: [32, 128, 40, false],
  ropeSpectrum: [
    16,
    10000,
    4096,
    {
      ropeType: 'longrope',
      originalMaxPositionEmbeddings: 1024,
      shortFactor: [1, 1, 2, 2],
      longFactor: [1, 2, 4, 8],
    },
    { partialRotaryFactor: 0.5, seqLen: 2048 },
  ],
  positionRounding: [300, 'bfloat16'],
  phaseError: [[1, 100, 1000], 128, 10000, 'float16'],
  roundToFormat: [[1, 1.1, 65504], 'bfloat16'],
  naiveEncoding: ['index', 4, 8],
  naiveNormRatio: ['sinusoidal', 4, 8],
  naiveOffsetMeaning: [1, [4, 8, 16]],
  selfAttention: [[1, 2, 3, 4], 2, 2, { heads: 1, mask: 'causal', positional: 'rope', seed: 2 }],
  vocabulary: [],
  tokenize: ['the dog chased the cat'],
  wordEmbeddings: ['dog bites man', 8, { seed: 1, scaled: false }],
  attendSentence: ['dog bites man', 'rope', 64, 3, { mask: 'causal', heads: 2 }],
  mixingTerms: ['dog', 1, 'man', 3, 64, { scaled: false, seed: 2 }],
  mixingByPosition: ['dog', 'man', 8, 64, { seed: 2 }],
  mixingRms: [4, 64, { scaled: true }],
  mixingSpread: ['dog', 1, 8, 64, { scaled: false }],
  compareSentences: ['dog bites man', 'man bites dog', 'sinusoidal', 64, 1, { heads: 2 }],
  memoryUsage: [],
};
const LAB_VALID = {
  train: [1],
  evaluate: [{ samples: 4 }],
  extend: [{ method: 'interpolation', length: 16 }],
  attention: [0, 0, 8, 1],
  positionTable: [],
  offsetScores: [0, 1, 8],
  exportState: [],
  importState: [],
};

function thrower(message) {
  return () => {
    throw new Error(message);
  };
}

/** A fuzzer bound to one engine and one lab module; next() makes one call and returns what it did. */
export function createFuzzer(pe, labModule, parameters, seed) {
  const random = seeded(seed);
  const int = (n) => Math.floor(random() * n);
  const pick = (list) => list[int(list.length)];
  const chance = (p) => random() < p;

  function number(lab) {
    if (lab) return pick(LAB_NUMBERS);
    const r = random();
    if (r < 0.55) return pick(SMALL);
    if (r < 0.9) return pick(EDGES);
    return pick(BIG);
  }

  function text() {
    const r = random();
    if (r < 0.4) return pick(WORDS);
    if (r < 0.55) return pick(MORE_WORDS);
    if (r < 0.6) return pick(EXTENSION_WORDS);
    if (r < 0.95) return pick(TEXTS);
    if (r < 0.97) return 'a'.repeat(pick([39, 40, 41, 1999, 2000, 2001, 5000]));
    if (r < 0.99) return Array.from({ length: 33 }, () => pick(['dog', 'cat', 'man'])).join(' ');
    return '\uD83D'.repeat(1000) + 'dog';
  }

  function hostileItem() {
    return pick([
      Symbol('s'),
      10n,
      -1n,
      null,
      undefined,
      '1',
      '',
      true,
      NaN,
      Infinity,
      {},
      [],
      [1],
      { valueOf: thrower('valueOf') },
      { toString: thrower('toString') },
      { [Symbol.toPrimitive]: thrower('toPrimitive') },
      () => 1,
    ]);
  }

  function array(lab) {
    const r = random();
    const length = chance(0.5) ? int(9) : pick([16, 32, 64, 128, 256]);
    const items = Array.from({ length }, () => (chance(0.7) ? random() * 4 - 2 : number(lab)));
    if (r < 0.35) return items;
    if (r < 0.55) {
      if (length === 0) return [hostileItem()];
      items[int(length)] = hostileItem();
      return items;
    }
    if (r < 0.62) {
      const sparse = new Array(length + 1);
      sparse[0] = 1;
      return sparse;
    }
    if (r < 0.67) {
      // Holes up to a length at or past the cap on values (set this way, without a dense store).
      const huge = [];
      huge[pick([2 ** 24 + 1, 2 ** 32 - 1, 2 ** 24]) - 1] = 0;
      delete huge[huge.length - 1];
      return huge;
    }
    if (r < 0.8) {
      const Type = pick([Float64Array, Float32Array, Int8Array, Uint8Array, Int32Array, Uint8ClampedArray]);
      return new Type(items.map((x) => (Number.isFinite(x) ? x : 0)));
    }
    if (r < 0.83)
      return pick([new BigInt64Array(length), new BigUint64Array(2), new DataView(new ArrayBuffer(8))]);
    if (r < 0.87) {
      const getter = items.slice();
      Object.defineProperty(getter, int(Math.max(1, length)), { get: thrower('item getter') });
      return getter;
    }
    if (r < 0.9) {
      const view = new Float64Array(length);
      Object.defineProperty(view, 'length', { get: thrower('length getter') });
      return view;
    }
    if (r < 0.94) {
      return new Proxy(items, {
        get: (target, key) => (key === 'length' || chance(0.8) ? target[key] : thrower('get trap')()),
      });
    }
    const detached = new Float64Array(4);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    return detached;
  }

  function options(lab) {
    const r = random();
    const o = {};
    const count = int(4);
    for (let i = 0; i < count; i += 1) {
      const key = pick(KEYS);
      if (key === '__proto__')
        Object.defineProperty(o, key, { value: 1, enumerable: true, configurable: true });
      else o[key] = value(lab, 2);
    }
    if (r < 0.6) return o;
    if (r < 0.7) {
      Object.defineProperty(o, pick(KEYS), {
        get: thrower('option getter'),
        enumerable: true,
        configurable: true,
      });
      return o;
    }
    if (r < 0.75) return new Proxy(o, { ownKeys: thrower('ownKeys trap') });
    if (r < 0.8) return new Proxy(o, { getOwnPropertyDescriptor: thrower('descriptor trap') });
    if (r < 0.85) return Object.create({ heads: 2, seed: 3 });
    if (r < 0.9) {
      const many = {};
      for (let i = 0; i < 200; i += 1) many[`k${i}`] = i;
      return many;
    }
    return Object.assign(Object.create(null), o);
  }

  function revoked() {
    const { proxy, revoke } = Proxy.revocable(pick([{}, [], () => 1, new Float64Array(2)]), {});
    revoke();
    return proxy;
  }

  function value(lab = false, depth = 0) {
    const r = random();
    if (r < 0.4) return number(lab);
    if (r < 0.55) return text();
    if (r < 0.63) return pick([undefined, null, true, false, Symbol('x'), 10n, 0n, -(2n ** 70n)]);
    if (r < 0.78 && depth < 2) return array(lab);
    if (r < 0.88 && depth < 2) return options(lab);
    if (r < 0.93) return revoked();
    return pick([
      { valueOf: thrower('valueOf') },
      { toString: thrower('toString'), valueOf: thrower('valueOf') },
      { [Symbol.toPrimitive]: thrower('toPrimitive') },
      new Proxy({}, { get: thrower('get trap'), has: thrower('has trap'), ownKeys: thrower('ownKeys') }),
      new Proxy(() => 1, { get: thrower('get trap') }),
      new Date(0),
      new Map([[1, 2]]),
      /x/,
      new Error('not an argument'),
      Object.freeze([1, 2]),
    ]);
  }

  const functions = Object.keys(parameters);
  // A few small labs, made once, whose methods the fuzzer calls; Lab's constructor gets fuzzed configs.
  const labs = [
    new labModule.Lab({ dModel: 16, nHeads: 2, nLayers: 1, length: 8, batch: 4, steps: 50, warmup: 5 }),
    new labModule.Lab({
      task: 'reverse',
      scheme: 't5',
      dModel: 8,
      nHeads: 2,
      nLayers: 1,
      length: 4,
      batch: 2,
      randomizedPositions: 16,
    }),
    new labModule.Lab({
      task: 'majority',
      scheme: 'rope',
      dModel: 8,
      nHeads: 2,
      nLayers: 2,
      length: 8,
      batch: 2,
    }),
  ];
  const labMethods = {
    train: ['steps'],
    evaluate: ['options'],
    extend: ['options'],
    attention: ['layer', 'head', 'length', 'example'],
    positionTable: [],
    offsetScores: ['layer', 'head', 'length'],
    exportState: [],
    importState: ['bytes'],
  };

  // A valid call with one argument (or none) replaced, or every argument random, or a wrong count of them.
  function argumentsFor(names, lab, valid) {
    const r = random();
    let args;
    if (r < 0.45 && valid) {
      args = valid.slice();
      if (args.length > 0 && chance(0.85)) args[int(args.length)] = value(lab);
    } else {
      const count = r < 0.95 ? names.length : int(names.length + 2);
      args = Array.from({ length: count }, () => value(lab));
    }
    if (lab && names.includes('bytes') && (args.length === 0 || chance(0.5))) {
      args[0] = chance(0.5) ? labs[int(labs.length)].exportState() : new Uint8Array(int(64));
      if (args[0].length > 16 && chance(0.5)) args[0][int(args[0].length)] ^= 0xff;
    }
    return args;
  }

  return {
    labs,
    /** One call: { name, parameters, threw, error } or { name, parameters, threw, value } (what it returned). */
    next() {
      const r = random();
      let name;
      let names;
      let call;
      if (r < 0.9) {
        name = pick(functions);
        names = parameters[name];
        const args = argumentsFor(names, false, VALID[name]);
        call = () => pe[name](...args);
      } else if (r < 0.94) {
        name = 'new Lab';
        names = ['config'];
        const config = chance(0.8) ? options(true) : value(true);
        call = () => new labModule.Lab(config).delete();
      } else {
        const method = pick(Object.keys(labMethods));
        name = `Lab.${method}`;
        names = labMethods[method];
        const args = argumentsFor(names, true, LAB_VALID[method]);
        const lab = labs[int(labs.length)];
        call = () => lab[method](...args);
      }
      try {
        const value = call();
        return { name, parameters: names, threw: false, value };
      } catch (error) {
        return { name, parameters: names, threw: true, error };
      }
    },
    dispose() {
      for (const lab of labs) lab.delete();
    },
  };
}

/** Why an error breaks the contract (an Error starting with the function's name, naming a parameter), or ''. */
export function contractProblem(result) {
  const { name, parameters, error } = result;
  if (!(error instanceof Error)) return `${name}: threw a non-Error ${String(error)}`;
  const message = error.message;
  if (!message.startsWith(`${name}: `)) return `${name}: message does not start with the name: ${message}`;
  if (/: expects at most \d+ arguments; received \d+\.$/.test(message)) return '';
  const named = parameters.some((p) => new RegExp(`\\b${p}\\b`).test(message));
  if (!named) return `${name}: message names no parameter: ${message}`;
  if (message.length > 1000) return `${name}: message too long (${message.length})`;
  return '';
}

/** Runs `calls` fuzzed calls; returns counts, the slowest call, and the first contract problems. */
export function runFuzz(pe, labModule, parameters, { calls, seed }) {
  const fuzzer = createFuzzer(pe, labModule, parameters, seed);
  const problems = [];
  let threw = 0;
  let slowest = { ms: 0, name: '' };
  for (let i = 0; i < calls; i += 1) {
    const start = performance.now();
    const result = fuzzer.next();
    const ms = performance.now() - start;
    if (ms > slowest.ms) slowest = { ms, name: result.name, call: i };
    if (result.threw) {
      threw += 1;
      const problem = contractProblem(result);
      if (problem && problems.length < 20) problems.push(`call ${i}: ${problem}`);
    }
  }
  fuzzer.dispose();
  return { calls, threw, problems, slowest };
}
