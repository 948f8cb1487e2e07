// Compiled by tsc, never run: the front end's engine is the engine of pe-engine.d.ts and pe-lab.d.ts, not `any`.
// Each @ts-expect-error below is an error only while the figures' view of the engine is typed; were getEngine,
// getLab, memo or a figure's compute to fall back to `any`, the directive would go unused and fail the check.
import type { PeEngine } from '../../cpp/bindings/pe-engine.js';
import type { PeLab } from '../../cpp/bindings/pe-lab.js';
import { getEngine, getLab, loadEngine, loadLab } from '../../web/src/engine/engine.js';
import ranges from '../../web/src/figures/ranges.js';
import { memo } from '../../web/src/ui/memo.js';

async function frontEnd(): Promise<void> {
  const engine: PeEngine = await loadEngine();
  const lab: PeLab = await loadLab();
  const same: PeEngine = getEngine();
  const order: Int32Array = getEngine().layoutOrder(8, 'split');
  // @ts-expect-error: the engine has no such function
  getEngine().noSuchFunction();
  // @ts-expect-error: a layout is 'interleaved' or 'split'
  getEngine().layoutOrder(8, 'diagonal');
  // @ts-expect-error: the lab module has no such export
  getLab().noSuchExport();

  const spread: Float64Array = memo(engine, 'dimensionRanges', 64, 16, 10000);
  // @ts-expect-error: memo asks only functions the engine has
  memo(engine, 'noSuchFunction', 1);
  // @ts-expect-error: with that function's arguments
  memo(engine, 'dimensionRanges', 'sixty-four', 16);

  const computed = ranges.compute(engine, { positions: 64 });
  const flat: { first: number; tail: number } = computed.flat;
  // @ts-expect-error: compute takes the engine
  ranges.compute({}, {});
  void [same, order, lab, spread, flat];
}

void frontEnd;
