// Every error named, whatever path reaches it: on every argument of every Lab method (and at every key of its
// options), a getter deletes the Lab, calls every method of it again, throws, or calls a method whose own getter
// deletes the Lab; each call then returns or throws an Error starting with its own `Lab.<method>: `, and the
// module's memory ends as it began. A replaced global Uint8Array, whose Symbol.hasInstance runs inside the
// engine's importState, deletes the Lab or calls it again from within the call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labModule, assertMemoryUnchanged } from './engine.mjs';

const tiny = { task: 'previous', scheme: 'rope', dModel: 8, nHeads: 2, nLayers: 1, length: 4, batch: 2 };
const saved = (() => {
  const lab = new labModule.Lab(tiny);
  const bytes = lab.exportState();
  lab.delete();
  return bytes;
})();

/** A valid call of every method, each argument as a function of the Lab (a fresh state each time). */
const VALID = {
  train: () => [1],
  evaluate: () => [{ samples: 2, lengths: [4, 8], extension: { method: 'yarn', factor: 2 } }],
  extend: () => [{ method: 'interpolation', length: 8, factor: 2 }],
  attention: () => [0, 1, 4, 0],
  positionTable: () => [],
  offsetScores: () => [0, 0, 4],
  exportState: () => [],
  importState: () => [saved.slice()],
};
const METHODS = Object.keys(VALID);

/** What a getter does before it returns the value it stands for. */
const ACTIONS = {
  delete: (lab) => lab.delete(),
  reenter: (lab) => {
    for (const method of METHODS) lab[method](...VALID[method]());
    void lab.step;
    void lab.config;
  },
  throwError: () => {
    throw new Error('from a getter');
  },
  throwOther: () => {
    throw Symbol('not an Error');
  },
  reenterThenDelete: (lab) =>
    lab.train({
      get steps() {
        lab.delete();
        return 1;
      },
    }),
};

/** Every place in a call's arguments where a getter can stand: the argument itself, or a key of it, or an item. */
function hostileCalls(method, action) {
  const calls = [];
  const args = VALID[method]();
  args.forEach((value, index) => {
    // The argument replaced by an object whose only key is a getter (the engine then refuses the object).
    calls.push((lab) => {
      const out = VALID[method]();
      out[index] = {
        get value() {
          action(lab);
          return value;
        },
      };
      return out;
    });
    if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const path of keyPaths(value)) {
        calls.push((lab) => {
          const out = VALID[method]();
          trap(out[index], path, () => action(lab));
          return out;
        });
      }
    }
  });
  return calls;
}

/** The paths to every key (and array item) of an options object. */
function keyPaths(object, prefix = []) {
  return Object.entries(object).flatMap(([key, value]) => [
    [...prefix, key],
    ...(value && typeof value === 'object' ? keyPaths(value, [...prefix, key]) : []),
  ]);
}

/** Replaces the value at `path` with a getter that runs `before`, then gives the value. */
function trap(object, path, before) {
  const holder = path.slice(0, -1).reduce((o, key) => o[key], object);
  const key = path.at(-1);
  const value = holder[key];
  Object.defineProperty(holder, key, {
    enumerable: true,
    get() {
      before();
      return value;
    },
  });
}

function expectNamed(method, call) {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof Error, `Lab.${method} threw ${String(error)}`);
    assert.match(error.message, new RegExp(`^Lab\\.${method}: `));
    return error;
  }
  return null;
}

test('getters that delete, re-enter or throw, on every argument of every Lab method, give named errors', () => {
  let cases = 0;
  assertMemoryUnchanged(() => {
    for (const method of METHODS) {
      for (const [kind, action] of Object.entries(ACTIONS)) {
        for (const argsOf of hostileCalls(method, action)) {
          const lab = new labModule.Lab(tiny);
          const error = expectNamed(method, () => lab[method](...argsOf(lab)));
          if (kind === 'delete' || kind === 'reenterThenDelete') {
            assert.match(error?.message ?? '', /has been deleted|could not be read/, `${method} ${kind}`);
          }
          if (kind.startsWith('throw'))
            assert.match(error?.message ?? '', /could not be read; reading it threw/);
          lab.delete();
          cases += 1;
        }
      }
    }
  });
  assert.ok(cases > 100, `${cases} cases`);
});

test('a Lab deleted or called again from inside the engine (a replaced Uint8Array) stays safe and named', () => {
  const Real = globalThis.Uint8Array;
  const withHook = (hook, work) => {
    globalThis.Uint8Array = class extends Real {
      static [Symbol.hasInstance](value) {
        hook();
        return value instanceof Real;
      }
    };
    try {
      return work();
    } finally {
      globalThis.Uint8Array = Real;
    }
  };
  // Deleted meanwhile: the call finishes on the run it started with, which is freed when it returns.
  const deleted = new labModule.Lab(tiny);
  deleted.train(1);
  withHook(
    () => deleted.delete(),
    () => deleted.importState(saved),
  );
  assert.throws(() => deleted.step, /^Error: Lab\.step: this Lab has been deleted/);
  // Called again meanwhile: the inner call is refused by name, and so the outer one.
  const again = new labModule.Lab(tiny);
  let inner = null;
  const error = withHook(
    () => {
      try {
        again.train(1);
      } catch (e) {
        inner = e;
        throw e;
      }
    },
    () => expectNamed('importState', () => again.importState(saved)),
  );
  assert.match(inner?.message ?? '', /^Lab\.train: called while Lab\.importState is running on this Lab/);
  assert.match(error?.message ?? '', /^Lab\.importState: stopped by an exception from inside the call/);
  assert.equal(again.train(2).loss.length, 2, 'the Lab still trains');
  again.delete();
});
