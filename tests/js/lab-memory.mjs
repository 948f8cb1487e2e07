// The largest Lab, and a module filled with them until its 2 GiB of memory refuses one (lab-memory.test.mjs,
// scalar-fuzz.test.mjs).

export const LARGEST = {
  task: 'subject',
  scheme: 'rope',
  dModel: 256,
  nHeads: 8,
  nLayers: 4,
  length: 32,
  batch: 48,
};

/**
 * Makes Labs of the largest size in `module` until one is refused (at most 64).
 * @returns {{ labs: any[], refused: Error | null, Lab: any }}
 */
export function fillUntilRefused(module) {
  const { Lab } = module;
  const labs = [];
  let refused = null;
  for (let i = 0; i < 64 && refused === null; i += 1) {
    try {
      labs.push(new Lab(LARGEST));
    } catch (error) {
      refused = error;
    }
  }
  return { labs, refused, Lab };
}
