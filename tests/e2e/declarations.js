// The figures' declarations, read in Node from their modules, for specs that try every parameter: the modules'
// style sheets load as empty modules and `?raw` imports as text (tests/unit/raw-hooks.mjs), as Vite builds them,
// and ui/theme.js finds a window with matchMedia.
import { register } from 'node:module';
import { figures } from '../../web/src/app/registry.js';

register('../unit/raw-hooks.mjs', import.meta.url);

/** Figure `id` as its module declares it: its URL parameters ({ key, name, type, default }) and declarations. */
export async function figureOf(id) {
  const stub = !('window' in globalThis);
  if (stub) globalThis.window = { matchMedia: () => ({ matches: false, addEventListener() {} }) };
  try {
    return (await figures[id]()).default;
  } finally {
    if (stub) delete globalThis.window;
  }
}
