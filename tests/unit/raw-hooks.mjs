// Node module hooks for Vite's `?raw` and CSS imports, so Node's tests import the front end's modules as Vite
// builds them: `import text from './file.py?raw'` gives the file's text, and `import './x.css'` nothing (a
// stylesheet is the page's business). Register before importing such a module
// (dynamically, since static imports load before any code runs):
//   register('../unit/raw-hooks.mjs', import.meta.url);
//   const { torchScript } = await import('../../web/src/lab/torch-script.js');
import { readFile } from 'node:fs/promises';

export async function load(url, context, nextLoad) {
  const parsed = new URL(url);
  if (parsed.protocol === 'file:' && parsed.search === '' && parsed.pathname.endsWith('.css'))
    return { format: 'module', shortCircuit: true, source: '' };
  if (parsed.protocol !== 'file:' || parsed.search !== '?raw') return nextLoad(url, context);
  parsed.search = '';
  const text = await readFile(parsed, 'utf8');
  return { format: 'module', shortCircuit: true, source: `export default ${JSON.stringify(text)};` };
}
