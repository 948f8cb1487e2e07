// A Node module hook that gives the front end's engine loader (web/src/engine/engine.js) the built engine as the
// single-file copy carries it (web/src/engine/engine-inline.js): loadEngine(), loadLab() and loadModels() then start the modules of
// PE_ENGINE_DIR (dist/engine by default) in Node, and figures compute exactly as on the page. Register with
// raw-hooks.mjs before importing a figure:
//   register('./engine-hooks.mjs', import.meta.url);
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
const file = (name) => JSON.stringify(pathToFileURL(path.resolve(dir, `${name}.js`)).href);

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !new URL(url).pathname.endsWith('/web/src/engine/engine-inline.js'))
    return nextLoad(url, context);
  const source =
    `export const inlineModules = { 'pe-engine': () => import(${file('pe-engine')}), ` +
    `'pe-lab': () => import(${file('pe-lab')}), 'pe-models': () => import(${file('pe-models')}) };`;
  return { format: 'module', shortCircuit: true, source };
}
