// The JavaScript face of every binding. Each C++ entry point is registered as raw_<name>; it returns a JS
// Error instead of a result when an argument is invalid, and the adapter below throws it here, after the
// WebAssembly call has returned and released everything it held.
//
// Nothing may throw while WebAssembly frames are on the stack: a JS exception unwinding through them skips
// destructors and leaves the stack pointer where it was, and thousands of them wear the module out. So every
// argument is first turned into plain data here, in JavaScript: primitives as they are (a symbol or a BigInt
// is a primitive the C++ checks reject without converting it), arrays copied item by item, typed arrays as
// fresh views of their own buffer, objects copied key by key into plain objects, functions replaced by an
// inert function. Any getter, Proxy trap or revoked Proxy that throws while being read throws here, as an
// Error naming the function and the parameter. The C++ side stays the source of the rules: it sees only
// values whose reading runs no user code, and rejects every wrong type or range with its usual message.

// The parameters of every entry point, in order (as pe-engine.d.ts names them; contract.test.mjs checks that).
var peParameterNames = {
  sinusoidalTable: ['positions', 'dModel', 'base', 'layout'],
  sinusoidalImage: ['positions', 'dModel', 'base', 'layout', 'palette', 'rows', 'columns'],
  sinusoidalColumns: ['positions', 'dModel', 'base', 'layout', 'dimensions'],
  layoutOrder: ['dModel', 'layout'],
  pairPeriods: ['dModel', 'base'],
  dimensionRanges: ['positions', 'dModel', 'base'],
  dotByOffset: ['pos', 'maxOffset', 'dModel', 'base'],
  dotByOffsetSpread: ['starts', 'maxOffset', 'dModel', 'base'],
  similarityMatrix: ['positions', 'dModel', 'base', 'metric'],
  tableSimilarity: ['values', 'rows', 'cols', 'metric'],
  projectedSimilarity: ['positions', 'dModel', 'headDim', 'base', 'mode', 'metric', 'seed'],
  diagonalSpread: ['values', 'size'],
  tableCosine: ['values', 'rows', 'cols', 'first', 'count', 'base'],
  tableStats: ['values', 'rows', 'cols', 'first', 'count'],
  tableComponents: ['values', 'rows', 'cols', 'first', 'count', 'components'],
  tablePeriods: ['values', 'rows', 'cols', 'first', 'count'],
  shiftRotation: ['pair', 'offset', 'dModel', 'base'],
  rotatePair: ['pair', 'pos', 'offset', 'dModel', 'base'],
  rotationResidual: ['pos', 'offset', 'dModel', 'base'],
  ropeRotate: ['x', 'seqLen', 'headDim', 'startPos', 'base', 'convention', 'scale'],
  ropePermutation: ['headDim', 'from', 'to'],
  ntkScaledBase: ['base', 'headDim', 'factor'],
  ropeScores: ['q', 'k', 'positions', 'headDim', 'base', 'convention', 'options'],
  ropeScoreByOffset: ['q', 'k', 'maxOffset', 'headDim', 'base', 'convention'],
  alibiSlopes: ['nHeads'],
  alibiBias: ['nHeads', 'seqLen', 'causal'],
  contextExtension: ['headDim', 'base', 'trainedLength', 'targetLength', 'method', 'options'],
  ropeSpectrum: ['headDim', 'base', 'contextLength', 'scaling', 'options'],
  t5Buckets: ['numBuckets', 'maxDistance', 'maxOffset', 'bidirectional'],
  phaseError: ['positions', 'headDim', 'base', 'format'],
  roundToFormat: ['values', 'format'],
  positionRounding: ['length', 'format'],
  naiveEncoding: ['kind', 'length', 'dModel'],
  naiveNormRatio: ['kind', 'length', 'dModel'],
  naiveOffsetMeaning: ['offset', 'lengths'],
  selfAttention: ['x', 'seqLen', 'dModel', 'options'],
  vocabulary: [],
  tokenize: ['text'],
  wordEmbeddings: ['text', 'dModel', 'options'],
  attendSentence: ['text', 'encoding', 'dModel', 'seed', 'options'],
  mixingTerms: ['word1', 'pos1', 'word2', 'pos2', 'dModel', 'options'],
  mixingByPosition: ['word1', 'word2', 'positions', 'dModel', 'options'],
  mixingRms: ['positions', 'dModel', 'options'],
  mixingSpread: ['word1', 'pos1', 'positions', 'dModel', 'options'],
  compareSentences: ['textA', 'textB', 'encoding', 'dModel', 'seed', 'options'],
  memoryUsage: [],
};

// Arrays longer than this (the most items any parameter takes) are not copied: the copy keeps only their
// length, which the C++ checks reject before reading any item. Objects keep at most this many keys (more than any options
// object allows, so the first unknown key, which the C++ checks name, is always among them), and nesting
// deeper than plainMaxDepth is not read (no parameter nests that deep).
var plainMaxItems = 16777216;
var plainMaxKeys = 64;
var plainMaxDepth = 3;

// The intrinsic typed-array accessors: they read internal slots and never run user code.
var plainTypedArray = Object.getPrototypeOf(Int8Array.prototype);
function plainGetter(key) {
  return Object.getOwnPropertyDescriptor(plainTypedArray, key).get;
}
var plainTypedTag = plainGetter(Symbol.toStringTag);
var plainTypedBuffer = plainGetter('buffer');
var plainTypedOffset = plainGetter('byteOffset');
var plainTypedLength = plainGetter('length');
var plainTypedConstructors = {
  Int8Array: Int8Array,
  Uint8Array: Uint8Array,
  Uint8ClampedArray: Uint8ClampedArray,
  Int16Array: Int16Array,
  Uint16Array: Uint16Array,
  Int32Array: Int32Array,
  Uint32Array: Uint32Array,
  Float32Array: Float32Array,
  Float64Array: Float64Array,
  BigInt64Array: BigInt64Array,
  BigUint64Array: BigUint64Array,
};
function plainInertFunction() {}

// The reason an exception gives, read without letting anything throw again.
function plainReason(error) {
  var text;
  try {
    if (typeof error === 'object' && error !== null) {
      var name = error.name;
      var message = error.message;
      text =
        (typeof name === 'string' ? name + ': ' : '') + (typeof message === 'string' ? message : 'an object');
    } else if (typeof error === 'string') {
      text = error;
    } else {
      text = typeof error;
    }
  } catch (again) {
    text = 'an exception whose description threw too (' + typeof again + ')';
  }
  return text.length > 200 ? text.slice(0, 200) + '...' : text;
}

// One property, read once; what it throws is reported under its own path (such as options.heads or x[3]).
function plainRead(object, key, path) {
  try {
    return object[key];
  } catch (error) {
    throw new PlainReadError(path, plainReason(error));
  }
}

// An array of `length` holes, made without a dense store of that size.
function plainHoles(length) {
  var holes = [];
  if (length > 0) {
    holes[length - 1] = 0;
    delete holes[length - 1];
  }
  return holes;
}

function PlainReadError(path, reason) {
  this.path = path;
  this.reason = reason;
}

// A copy of value that reading from C++ cannot make run user code; `path` names it for error messages.
function plainValue(value, path, depth) {
  var type = typeof value;
  if (type !== 'object' && type !== 'function') return value;
  if (value === null) return null;
  if (type === 'function') return plainInertFunction;
  try {
    var tag = plainTypedTag.call(value);
    if (tag !== undefined) {
      return new plainTypedConstructors[tag](
        plainTypedBuffer.call(value),
        plainTypedOffset.call(value),
        plainTypedLength.call(value),
      );
    }
    if (ArrayBuffer.isView(value)) return new DataView(new ArrayBuffer(0));
    if (Array.isArray(value)) {
      var length = value.length;
      if (typeof length !== 'number' || !(length >= 0) || length > 4294967295 || Math.floor(length) !== length) {
        throw new TypeError('its length is not an array length');
      }
      if (length > plainMaxItems) return plainHoles(length);
      // Every array parameter holds numbers, and the C++ checks stop at the first item that is not one: the
      // copy keeps the items up to it and the array's length (the rest are holes, never read).
      var items = [];
      var i = 0;
      var item;
      try {
        if (length > 0) item = value[0];
        if (length > 0 && typeof item === 'number') {
          items = new Array(length);
          items[0] = item;
          for (i = 1; i < length; ++i) {
            item = value[i];
            if (typeof item !== 'number') break;
            items[i] = item;
          }
        }
      } catch (error) {
        throw new PlainReadError(path + '[' + i + ']', plainReason(error));
      }
      if (i === length) return items;
      var bad = plainItem(item, path + '[' + i + ']', depth + 1);
      if (i >= length / 2) {
        items[i] = bad;
        return items;
      }
      var prefix = plainHoles(length);
      for (var j = 0; j < i; ++j) prefix[j] = items[j];
      prefix[i] = bad;
      return prefix;
    }
    var keys = Object.keys(value);
    var out = {};
    var count = Math.min(keys.length, plainMaxKeys);
    for (var k = 0; k < count; ++k) {
      var key = keys[k];
      Object.defineProperty(out, key, {
        value: plainItem(plainRead(value, key, path + '.' + key), path + '.' + key, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  } catch (error) {
    if (error instanceof PlainReadError) throw error;
    throw new PlainReadError(path, plainReason(error));
  }
}

function plainItem(value, path, depth) {
  var type = typeof value;
  if (type !== 'object' && type !== 'function') return value;
  if (depth > plainMaxDepth) return value === null ? null : {};
  return plainValue(value, path, depth);
}

// The arguments of `name` as plain data (see above), or an Error naming the function and the parameter.
function plainArguments(name, parameters, args, arity) {
  var out = new Array(arity);
  for (var i = 0; i < arity; ++i) {
    try {
      out[i] = plainValue(args[i], parameters[i] || 'argument ' + (i + 1), 0);
    } catch (error) {
      var path = error instanceof PlainReadError ? error.path : parameters[i];
      var reason = error instanceof PlainReadError ? error.reason : plainReason(error);
      throw new Error(name + ': ' + path + ' could not be read; reading it threw ' + reason + '.', {
        cause: error,
      });
    }
  }
  return out;
}

// What the module's users receive: the functions registered below (and `Lab`, which lab.js adds), on a frozen
// object of their own, and nothing else: exactly what pe-engine.d.ts and pe-lab.d.ts declare. Emscripten's
// runtime (the heap views, _malloc and _free, run, the constructors, Embind's helpers) stays on Module, where the
// generated code reads it; a call such as _free(12345) from outside could corrupt the heap.
var peApi = {};
Module['ready'] = Module['ready'].then(function () {
  return Object.freeze(peApi);
});

addOnPostRun(function () {
  Object.keys(Module)
    .filter(function (key) {
      return key.indexOf('raw_') === 0;
    })
    .forEach(function (key) {
      var raw = Module[key];
      var name = key.slice(4);
      // The arity comes from the names: with -sDYNAMIC_EXECUTION=0 Embind's invokers take `arguments`, so
      // their own `length` is 0.
      var parameters = peParameterNames[name];
      if (!parameters) throw new Error('pe-engine: no parameter names for ' + name + ' (post.js).');
      var arity = parameters.length;
      peApi[name] = function () {
        if (arguments.length > arity) {
          throw new Error(
            name + ': expects at most ' + arity + ' arguments; received ' + arguments.length + '.',
          );
        }
        var result = raw.apply(null, plainArguments(name, parameters, arguments, arity));
        if (result instanceof Error) throw result;
        return result;
      };
      delete Module[key];
    });
});
