// The JavaScript face of every binding. Each C++ entry point is registered as raw_<name>; it returns a JS
// Error instead of a result when an argument is invalid, and the adapter below throws it here, after the
// WebAssembly call has returned and released everything it held.
addOnPostRun(function () {
  Object.keys(Module)
    .filter(function (key) {
      return key.indexOf('raw_') === 0;
    })
    .forEach(function (key) {
      var raw = Module[key];
      var name = key.slice(4);
      var arity = raw.length;
      Module[name] = function () {
        if (arguments.length > arity) {
          throw new Error(
            name + ': expects at most ' + arity + ' arguments; received ' + arguments.length + '.',
          );
        }
        var args = new Array(arity);
        for (var i = 0; i < arity; ++i) args[i] = arguments[i];
        var result = raw.apply(null, args);
        if (result instanceof Error) throw result;
        return result;
      };
      delete Module[key];
    });
});
