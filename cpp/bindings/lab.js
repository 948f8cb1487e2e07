// The training lab's JavaScript face: `new Lab(config)` around the LabCore class that lab.cpp registers. Each
// LabCore method returns a JS Error instead of a result when an argument is invalid; the methods here throw it
// once the WebAssembly call has returned, check the number of arguments, and refuse calls on a deleted Lab.
// Arguments reach LabCore as plain data, through post.js's plainArguments (nothing throws inside WebAssembly):
// Emscripten splices both files into one module scope.
//
// No user code runs inside a LabCore call on plain arguments, but a polluted global can still reach one (the
// C++ checks `bytes instanceof Uint8Array`, and a replaced Uint8Array's Symbol.hasInstance runs then). So each
// Lab knows which of its methods is running: a call that arrives meanwhile, by whatever path, is refused by
// name, and a delete meanwhile frees the LabCore only once the running call has returned (freeing it under
// its own frames would be a use after free).
/* global peApi, plainArguments */
addOnPostRun(function () {
  var Core = Module['LabCore'];
  var cores = new WeakMap();
  // LabCore -> the name of the method running on it; LabCores deleted while a method ran on them.
  var running = new Map();
  var doomed = new Set();

  function checkArity(name, args, arity) {
    if (args.length > arity) {
      throw new Error(name + ': expects at most ' + arity + ' arguments; received ' + args.length + '.');
    }
  }

  function coreOf(lab, name) {
    var core = cores.get(lab);
    if (core === undefined) {
      throw new Error(name + ': this Lab has been deleted (or was never created); create a new one.');
    }
    if (running.has(core)) {
      throw new Error(
        name +
          ': called while ' +
          running.get(core) +
          ' is running on this Lab (from code that call ran, ' +
          'such as a getter or a replaced global); call it once that one has returned.',
      );
    }
    return core;
  }

  // Calls core[method] with the arguments, marked as running; an exception from inside it (such as a refused
  // re-entrant call, thrown through its frames) is named for this call.
  function callCore(core, name, method, plain) {
    running.set(core, name);
    try {
      return core[method].apply(core, plain);
    } catch (error) {
      var reason = error instanceof Error ? error.message : String(error);
      throw new Error(name + ': stopped by an exception from inside the call: ' + reason, { cause: error });
    } finally {
      running.delete(core);
      if (doomed.delete(core)) core.delete();
    }
  }

  function Lab(config) {
    if (!(this instanceof Lab)) throw new Error('Lab: call it with new, as in new Lab(config).');
    checkArity('new Lab', arguments, 1);
    var plain = plainArguments('new Lab', ['config'], [config], 1);
    var core = new Core();
    var result = core.configure(plain[0]);
    if (result instanceof Error) {
      core.delete();
      throw result;
    }
    cores.set(this, core);
  }

  // Each method: its public name and parameters (as pe-engine.d.ts names them); it forwards to the LabCore
  // method of that name with exactly that many arguments (Embind rejects calls with fewer).
  [
    ['train', ['steps']],
    ['evaluate', ['options']],
    ['extend', ['options']],
    ['attention', ['layer', 'head', 'length', 'example']],
    ['positionTable', []],
    ['offsetScores', ['layer', 'head', 'length']],
    ['exportState', []],
    ['importState', ['bytes']],
  ].forEach(function (entry) {
    var method = entry[0];
    var parameters = entry[1];
    var arity = parameters.length;
    var name = 'Lab.' + method;
    Lab.prototype[method] = function () {
      checkArity(name, arguments, arity);
      // The arguments are read first: a getter among them that deletes this Lab is then caught by coreOf.
      var plain = plainArguments(name, parameters, arguments, arity);
      var result = callCore(coreOf(this, name), name, method, plain);
      if (result instanceof Error) throw result;
      return result;
    };
  });

  Object.defineProperty(Lab.prototype, 'step', {
    get: function () {
      return callCore(coreOf(this, 'Lab.step'), 'Lab.step', 'step', []);
    },
  });
  Object.defineProperty(Lab.prototype, 'config', {
    get: function () {
      return callCore(coreOf(this, 'Lab.config'), 'Lab.config', 'config', []);
    },
  });

  Lab.prototype.delete = function () {
    var core = cores.get(this);
    if (core === undefined) return;
    cores.delete(this);
    if (running.has(core)) doomed.add(core);
    else core.delete();
  };

  peApi.Lab = Lab;
});
