// Injected before a page's own scripts by the trap tests (tests/e2e/trap.spec.js, tests/cross), or at the top of a
// worker's script: makes chosen calls into the engine's WebAssembly trap, as a fault of the browser's compiler or
// an out-of-bounds access would. Embind calls every C++ entry point through a function it took from the module's
// table once, at start-up; each is wrapped here. While self.__peTraps > 0 the next call throws a
// WebAssembly.RuntimeError instead of running (and counts one down); with self.__peTrapAt set (a worker's), the
// call of that number traps, once. self.__peInstances counts the module instances started, so a test sees a fresh
// one.
(() => {
  const scope = self;
  let calls = 0;
  const shouldTrap = () => {
    calls += 1;
    if (scope.__peTrapAt) return calls === scope.__peTrapAt;
    if (!(scope.__peTraps > 0)) return false;
    scope.__peTraps -= 1;
    return true;
  };
  scope.__peTraps = 0;
  scope.__peInstances = 0;
  const get = WebAssembly.Table.prototype.get;
  WebAssembly.Table.prototype.get = function (index) {
    const fn = get.call(this, index);
    if (typeof fn !== 'function') return fn;
    return function (...args) {
      if (shouldTrap()) throw new WebAssembly.RuntimeError('injected trap: out of bounds memory access');
      return fn.apply(this, args);
    };
  };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = function (...args) {
    scope.__peInstances += 1;
    return instantiate.apply(this, args);
  };
})();
