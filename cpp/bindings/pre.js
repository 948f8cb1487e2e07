// Node has no fetch() for file URLs, so in Node the module reads its .wasm (pe-engine.wasm beside pe-engine.js,
// pe-lab.wasm beside pe-lab.js) from beside this file itself. Browsers and workers fetch it relative to this
// file's URL (_scriptDir is import.meta.url), which keeps the module working under any path.
if (
  typeof process === 'object' &&
  process.versions &&
  process.versions.node &&
  typeof process.getBuiltinModule === 'function' &&
  !Module['wasmBinary'] &&
  !Module['instantiateWasm']
) {
  Module['wasmBinary'] = process
    .getBuiltinModule('fs')
    .readFileSync(new URL(new URL(_scriptDir).pathname.replace(/^.*\/|\.m?js$/g, '') + '.wasm', _scriptDir));
}
