// The engine carried inside the page itself, for the single-file copy of PE Explorer (npm run build:single),
// which must work opened from disk with no other file. In the site and in development there is none: the
// engine loads from engine/ beside the site. The single-file build puts a module here that holds the engine's
// code and its WebAssembly as base64 (vite.single.config.js).

/**
 * Resolves to the engine module ({ default: createEngine }), or null where the engine loads from its files.
 * @type {null | (() => Promise<{ default: () => Promise<any> }>)}
 */
export const inlineEngine = null;
