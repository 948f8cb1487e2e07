// The runner of the claims tests (claims.test.mjs: the article's statements; claims-papers.test.mjs: the papers
// presets' statements). The two files run side by side (node --test --test-concurrency=2), each in its own
// process, so that the runs of both share the machine's two cores.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';

register('../unit/raw-hooks.mjs', import.meta.url);
const { labModule } = await import('./engine.mjs');
const { checkClaims, CLAIMS } = await import('./lab-claims.mjs');

/** Reruns the claims that `which` picks and makes one test of each. */
export function testClaims(which) {
  const started = performance.now();
  const only = CLAIMS.filter(which).map((c) => c.id);
  const { results, ms } = checkClaims(labModule, { only });
  const seconds = (performance.now() - started) / 1000;

  for (const claim of results) {
    const n = claim.seeds.length;
    test(`${claim.where}: ${claim.claim} (holds for ${claim.holds} of ${n} seeds)`, () => {
      const lines = claim.seeds.map((s) => `  seed ${s.seed}: ${s.holds ? 'holds' : 'FAILS'}  ${s.numbers}`);
      const wanted = claim.exactly === undefined ? `at least ${claim.needed}` : `exactly ${claim.exactly}`;
      assert.ok(
        claim.ok,
        `${claim.id} holds for ${claim.holds} of ${n} seeds (${wanted} needed):\n${lines.join('\n')}`,
      );
    });
  }

  test('the claims fit their time budget', () => {
    // Measured for the record (docs/lab-claims.md); CI's whole npm test has 30 minutes on 2 cores.
    console.log(
      `claims: ${ms.runs} runs, train ${(ms.train / 1000).toFixed(1)} s, evaluate ` +
        `${(ms.evaluate / 1000).toFixed(1)} s, ${seconds.toFixed(1)} s in all`,
    );
    assert.ok(ms.runs > 0);
    assert.ok(results.length > 0);
  });
}

/** Whether a claim is a papers preset's statement. */
export const isPapers = (claim) => claim.id.startsWith('papers-');
