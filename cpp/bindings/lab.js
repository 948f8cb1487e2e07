// The training lab's JavaScript face: `new Lab(config)` around the LabCore class that lab.cpp registers. Each
// LabCore method returns a JS Error instead of a result when an argument is invalid; the methods here throw it
// once the WebAssembly call has returned, check the number of arguments, and refuse calls on a deleted Lab.
// Arguments reach LabCore as plain data, through post.js's plainArguments (nothing throws inside WebAssembly):
// Emscripten splices both files into one module scope.
/* global peApi, plainArguments */
addOnPostRun(function () {
  var Core = Module['LabCore'];
  var cores = new WeakMap();

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
    return core;
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
      var core = coreOf(this, name);
      var result = core[method].apply(core, plain);
      if (result instanceof Error) throw result;
      return result;
    };
  });

  Object.defineProperty(Lab.prototype, 'step', {
    get: function () {
      return coreOf(this, 'Lab.step').step();
    },
  });
  Object.defineProperty(Lab.prototype, 'config', {
    get: function () {
      return coreOf(this, 'Lab.config').config();
    },
  });

  Lab.prototype.delete = function () {
    var core = cores.get(this);
    if (core === undefined) return;
    core.delete();
    cores.delete(this);
  };

  peApi.Lab = Lab;
});
