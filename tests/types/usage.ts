// Compiled by tsc against the hand-written pe-engine.d.ts, never run: it breaks the build when the
// declarations stop describing how the engine is used.
import createEngine, { type Layout, type PeEngine } from '../../cpp/bindings/pe-engine.js';

async function usage(): Promise<void> {
  const pe: PeEngine = await createEngine();
  const layout: Layout = 'split';
  const table: Float32Array = pe.sinusoidalTable(64, 512, 10000, layout);
  const defaults: Float32Array = pe.sinusoidalTable(64, 512);
  const periods: Float64Array = pe.pairPeriods(512);
  const ranges: Float64Array = pe.dimensionRanges(64, 512, 10000);
  const dots: Float64Array = pe.dotByOffset(0, 37, 512);
  const similarity: Float64Array = pe.similarityMatrix(64, 512, 10000, 'cosine');
  const rotation: Float64Array = pe.shiftRotation(3, 5, 512);
  const residual: number = pe.rotationResidual(100, 37, 512);
  const memory: number = pe.memoryUsage().allocatedBytes;
  // @ts-expect-error layout is a closed set of strings
  pe.sinusoidalTable(64, 512, 10000, 'diagonal');
  void [table, defaults, periods, ranges, dots, similarity, rotation, residual, memory];
}

void usage;
