// The engine carried inside the page itself, for the single-file copy of PE Explorer (npm run build:single),
// which must work opened from disk with no other file. In the site and in development there is none: the
// modules load from engine/ beside the site. The single-file build puts a module here that holds each module's
// code and its WebAssembly as base64 (vite.single.config.js).

/**
 * For each module name, a loader resolving to that module ({ default: create }); null where the modules load
 * from their files.
 * @type {null | Record<'pe-engine' | 'pe-lab' | 'pe-models', () => Promise<{ default: () => Promise<any> }>>}
 */
export const inlineModules = null;
