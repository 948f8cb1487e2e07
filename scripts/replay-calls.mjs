// Replays, in Node, the engine calls that pages made in a browser (recorded by tests/cross/calls.js), each page on
// fresh instances of the build it ran (SIMD or scalar), and compares every call's digest or error with the
// browser's. WebAssembly is deterministic: the same calls on the same module give the same bits, so a call that
// answers differently here, or traps there and not here, is the browser's doing, not the engine's.
//   node scripts/replay-calls.mjs FILE.json   (a list of { page, simd, calls }); PE_ENGINE_DIR sets the modules
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

const ROOT = path.resolve(import.meta.dirname, '..');
const shared = {};
vm.runInNewContext(readFileSync(path.join(ROOT, 'tests/cross/calls.js'), 'utf8'), { globalThis: shared });
const digest = /** @type {(value: unknown) => number} */ (shared.__peDigest);
const decode = /** @type {(encoded: unknown, scope: object) => unknown} */ (shared.__peDecode);

/**
 * @param {{ page: string, simd: boolean, calls: any[] }[]} records
 * @param {string} [dir] the built modules
 * @returns {Promise<{ pages: number, calls: number, differences: string[] }>}
 */
export async function replay(records, dir = process.env.PE_ENGINE_DIR ?? 'dist/engine') {
  const factory = async (name) => (await import(pathToFileURL(path.resolve(dir, `${name}.js`)).href)).default;
  const create = {
    'pe-engine': await factory('pe-engine'),
    'pe-lab': await factory('pe-lab'),
    'pe-models': await factory('pe-models'),
  };
  const differences = [];
  let count = 0;
  for (const { page, simd, calls } of records) {
    const instances = {};
    for (const name of Object.keys(create)) {
      const file = path.resolve(dir, `${name}${simd ? '' : '.scalar'}.wasm`);
      instances[name] = await create[name]({ wasmBinary: readFileSync(file) });
    }
    calls.forEach((call, i) => {
      count += 1;
      const args = call.args.map((arg) => decode(arg, globalThis));
      const fn = instances[call.module][call.name];
      let here;
      try {
        const value = /^[A-Z]/.test(call.name) ? new fn(...args) : fn(...args);
        here = { digest: digest(value) };
      } catch (error) {
        here = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
      }
      const there = call.error !== undefined ? { error: call.error } : { digest: call.digest };
      if (JSON.stringify(here) !== JSON.stringify(there)) {
        differences.push(
          `${page}, call ${i} ${call.module}.${call.name}: the browser ${JSON.stringify(there)}, ` +
            `Node ${JSON.stringify(here)}`,
        );
      }
    });
  }
  return { pages: records.length, calls: count, differences };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const records = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const { pages, calls, differences } = await replay(records);
  console.log(`${calls} calls of ${pages} pages replayed; ${differences.length} answered differently:`);
  for (const line of differences.slice(0, 50)) console.log(`  ${line}`);
}
