// Injected into every page the cross-browser tests open (with record.js): records each call the page makes into
// the engine's modules (engine/lost.js's __peObserveCalls), with its arguments and a digest of what it returned
// or the error it threw, in window.__peCalls (the first 4,000 calls of the page), and whether the page ran the
// SIMD or the scalar build. scripts/replay-calls.mjs replays such a record in Node and compares every digest: a
// call that answers differently there is the browser's doing, since WebAssembly is deterministic. The digest
// and the argument encoding are shared with it (it runs this file in a context of its own).
(function (global) {
  var LIMIT = 4000;
  var ITEMS = 65536;
  /** FNV-1a over a value: numbers by their float64 bits, typed arrays by their bytes, objects by sorted keys. */
  function digest(value) {
    var hash = 0x811c9dc5;
    var scratch = new DataView(new ArrayBuffer(8));
    function byte(b) {
      hash = Math.imul(hash ^ b, 0x01000193) >>> 0;
    }
    function text(s) {
      for (var i = 0; i < s.length; i += 1) {
        var c = s.charCodeAt(i);
        byte(c & 255);
        byte(c >>> 8);
      }
    }
    function feed(v) {
      if (typeof v === 'number') {
        byte(1);
        scratch.setFloat64(0, v);
        for (var i = 0; i < 8; i += 1) byte(scratch.getUint8(i));
      } else if (typeof v === 'string') {
        byte(2);
        text(v);
      } else if (v === null || v === undefined || typeof v === 'boolean') {
        byte(3);
        text(String(v));
      } else if (ArrayBuffer.isView(v)) {
        byte(4);
        text(Object.prototype.toString.call(v));
        var bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
        for (var j = 0; j < bytes.length; j += 1) byte(bytes[j]);
      } else if (typeof v === 'object') {
        byte(5);
        var keys = Object.keys(v).sort();
        for (var k = 0; k < keys.length; k += 1) {
          text(keys[k]);
          feed(v[keys[k]]);
        }
      } else {
        byte(6);
        text(typeof v);
      }
    }
    feed(value);
    return hash;
  }
  /** Whether a result is small enough to keep whole: at most 16 items or keys, nested at most twice. */
  function small(v, depth) {
    if (v === null || typeof v !== 'object') return typeof v !== 'function';
    if (depth > 1) return false;
    if (ArrayBuffer.isView(v) || Array.isArray(v)) return v.length <= 16;
    var keys = Object.keys(v);
    return (
      keys.length <= 16 &&
      keys.every(function (key) {
        return small(v[key], depth + 1);
      })
    );
  }
  /** An argument as JSON can carry it: typed arrays and undefined tagged, objects key by key. */
  function encode(v) {
    if (v === undefined) return { undefined: true };
    if (ArrayBuffer.isView(v)) {
      var name = Object.prototype.toString.call(v).slice(8, -1);
      return { typed: name, values: Array.prototype.slice.call(v, 0, ITEMS), length: v.length };
    }
    if (Array.isArray(v)) return { array: v.slice(0, ITEMS).map(encode), length: v.length };
    if (v !== null && typeof v === 'object') {
      var out = {};
      Object.keys(v).forEach(function (key) {
        out[key] = encode(v[key]);
      });
      return { object: out };
    }
    return { value: v };
  }
  function decode(e, scope) {
    if (e.undefined) return undefined;
    if (e.typed) return new scope[e.typed](e.values);
    if (e.array) return e.array.map((item) => decode(item, scope));
    if (e.object) {
      var out = {};
      Object.keys(e.object).forEach(function (key) {
        out[key] = decode(e.object[key], scope);
      });
      return out;
    }
    return e.value;
  }
  var SIMD_PROBE = [
    0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253,
  ];
  SIMD_PROBE.push(15, 253, 98, 11);
  global.__peDigest = digest;
  global.__peEncode = encode;
  global.__peDecode = decode;
  if (typeof window === 'undefined') return;
  var calls = [];
  global.__peCalls = {
    simd: WebAssembly.validate(new Uint8Array(SIMD_PROBE)),
    calls: calls,
    dropped: 0,
  };
  global.__peObserveCalls = function (module, name, args, outcome) {
    if (calls.length >= LIMIT) {
      global.__peCalls.dropped += 1;
      return;
    }
    var entry = { module: module, name: name, args: Array.prototype.map.call(args, encode) };
    if ('error' in outcome) {
      var error = outcome.error;
      entry.error = error instanceof Error ? error.name + ': ' + error.message : String(error);
    } else {
      entry.digest = digest(outcome.result);
      // A small result is kept whole, to say how a wrong one was wrong.
      if (small(outcome.result, 0)) entry.result = encode(outcome.result);
    }
    calls.push(entry);
  };
})(typeof window === 'undefined' ? globalThis : window);
