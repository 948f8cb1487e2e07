// The lab's papers presets (web/src/lab/papers.js) and the lab parameters they set: every preset's link is a
// valid lab URL, each rule chooses its sentence from the numbers at its stated threshold, and a race's `none`
// trains without randomized positions. tests/js/claims.test.mjs runs the presets themselves on seeds 1..10.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { readFile } from 'node:fs/promises';

register('./raw-hooks.mjs', import.meta.url);
const { readQuery } = await import('../../web/src/core/params.js');
const { configOf, labLink, PARAMS, schemesOf } = await import('../../web/src/figures/lab/params.js');
const { presetParams } = await import('../../web/src/figures/lab/papers.js');
const { judge, PAPERS, PRESETS } = await import('../../web/src/lab/papers.js');
const { runConfig } = await import('../../web/src/lab/race.js');

test('every preset link is a lab URL the page reads without a note, and races every scheme its rule reads', () => {
  for (const preset of Object.values(PRESETS)) {
    const { options, notes } = readQuery(new URLSearchParams(preset.query), PARAMS);
    assert.deepEqual(notes, [], preset.id);
    const raced = schemesOf(options.schemes ?? PARAMS.schemes.default);
    for (const scheme of preset.reads) assert.ok(raced.includes(scheme), `${preset.id} races ${scheme}`);
    assert.ok(['agrees', 'disagrees'].includes(preset.expected));
    if (preset.expected === 'disagrees') assert.ok(preset.why, `${preset.id} says why it disagrees`);
  }
  assert.equal(PAPERS.length, 4);
});

test('the attention mask and randomized positions reach the engine configuration; unknown masks are named', () => {
  const base = { task: 'previous', length: 8, size: 'small', lr: 0.01, steps: 300, seed: 1, batch: 32 };
  assert.equal(configOf(base).causal, undefined);
  assert.equal(configOf({ ...base, causal: 'on' }).causal, true);
  assert.equal(configOf({ ...base, causal: 'off' }).causal, false);
  assert.equal(configOf({ ...base, randomized: 16 }).randomizedPositions, 16);
  assert.throws(
    () => configOf({ ...base, causal: 'maybe' }),
    /causal must be one of "task", "on", "off"; received "maybe"/,
  );
});

test('a race trains `none` without randomized positions (it has none) and every other scheme with them', () => {
  const config = { task: 'reverse', length: 8, randomizedPositions: 16 };
  assert.equal(runConfig(config, 'none', 3).randomizedPositions, 0);
  assert.deepEqual(runConfig(config, 'rope', 3), { ...config, scheme: 'rope', seed: 3 });
});

/** An accuracy lookup from { scheme: [at T, at 2T, at 4T] } for T = 8. */
const table = (values) => (scheme, n) => values[scheme]?.[{ 8: 0, 16: 1, 32: 2 }[n]];

test('each rule chooses its verdict from the numbers at its stated threshold', () => {
  const verdict = (id, values) => judge(PRESETS[id], table(values), 8)?.verdict;
  assert.equal(verdict('haviv-causal', { none: [0.9, 0, 0] }), 'agrees');
  assert.equal(verdict('haviv-causal', { none: [0.899, 0, 0] }), 'disagrees');
  assert.equal(verdict('haviv-bidirectional', { none: [0.899, 0, 0] }), 'agrees');
  assert.equal(verdict('haviv-bidirectional', { none: [0.9, 0, 0] }), 'disagrees');
  const all = (v) => ({ sinusoidal: v, learned: v, rope: v, alibi: v, t5: v });
  assert.equal(verdict('kazemnejad', { none: [1, 1, 0.95], ...all([1, 1, 0.96]) }), 'agrees');
  assert.equal(verdict('kazemnejad', { none: [1, 1, 0.95], ...all([1, 1, 0.97]) }), 'disagrees');
  assert.equal(verdict('kazemnejad', { none: [1, 0.89, 1], ...all([1, 1, 0.5]) }), 'disagrees');
  assert.equal(verdict('press-previous', { alibi: [1, 0.9, 0], sinusoidal: [1, 0.89, 0] }), 'agrees');
  assert.equal(verdict('press-subject', { alibi: [1, 0.89, 0], sinusoidal: [1, 0.5, 0] }), 'disagrees');
  const ruoss = (s) => ({ none: [0.2, 0.1, 0.1], sinusoidal: [1, s, 0], learned: [1, 0.1, 0] });
  assert.equal(verdict('ruoss-randomized', ruoss(0.21)), 'agrees');
  assert.equal(verdict('ruoss-randomized', ruoss(0.2)), 'disagrees');
  assert.equal(verdict('ruoss-plain', ruoss(0.2)), 'agrees');
  assert.equal(verdict('ruoss-plain', ruoss(0.21)), 'disagrees');
  // A scheme the rule reads that the race does not train: no statement.
  assert.equal(verdict('press-subject', { alibi: [1, 1, 1] }), undefined);
});

test("the lab section links every preset as the figure's own link sets it", async () => {
  const html = await readFile(new URL('../../web/sections/lab.html', import.meta.url), 'utf8');
  // In-text presets set the lab on the article's page (article/presets.js): data-preset holds the lab's query.
  const hrefs = [...html.matchAll(/data-preset="([^"]*paper=[^"]*)"/g)].map(
    (m) => `embed.html?figure=lab&${m[1].replaceAll('&amp;', '&')}`,
  );
  assert.deepEqual(
    hrefs.sort(),
    Object.keys(PRESETS)
      .map((id) => labLink(presetParams(id)))
      .sort(),
  );
});
