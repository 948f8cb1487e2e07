// The front end's layers are enforced by ESLint (scripts/eslint/layers.js, docs/architecture.md): an import
// against the direction fails the lint, and each import listed as a known exception still exists (so that one
// folded away is also taken off the list).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { ESLint } from 'eslint';
import { KNOWN_EXCEPTIONS } from '../../scripts/eslint/layers.js';

const eslint = new ESLint({ cwd: new URL('../../', import.meta.url).pathname });
const layerErrors = async (code, filePath) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'pe/layers').map((m) => m.message);
};

test('a widget importing a figure, the page or the article fails the lint, naming both layers', async () => {
  const errors = await layerErrors("import heatmap from '../figures/heatmap.js';\n", 'web/src/ui/wrong.js');
  assert.deepEqual(errors, [
    "'ui/wrong.js' (ui) may not import 'figures/heatmap.js' (figures): ui may use engine (docs/architecture.md).",
  ]);
  assert.equal((await layerErrors("export { x } from '../app/main.js';\n", 'web/src/ui/wrong.js')).length, 1);
  assert.equal(
    (await layerErrors("import { x } from '../article/toc.js';\n", 'web/src/lab/wrong.js')).length,
    1,
  );
  assert.equal(
    (await layerErrors("import { x } from '../app/embed.js';\n", 'web/src/figures/wrong.js')).length,
    1,
  );
  assert.equal(
    (await layerErrors("import { x } from './ui/dom.js';\n", 'web/src/engine/engine.js')).length,
    1,
  );
});

test('imports along the direction pass', async () => {
  const ok = [
    [
      "import { h } from '../ui/dom.js';\nimport { defineFigure } from '../app/figure.js';\n",
      'web/src/figures/a.js',
    ],
    ["import { getEngine } from '../engine.js';\n", 'web/src/ui/a.js'],
    [
      "import { figures } from './registry.js';\nimport { toc } from '../article/toc.js';\n",
      'web/src/app/a.js',
    ],
  ];
  for (const [code, file] of ok) assert.deepEqual(await layerErrors(code, file), [], file);
});

test('every known exception is an import that still exists', () => {
  for (const entry of KNOWN_EXCEPTIONS) {
    const [from, to] = entry.split(' -> ');
    const source = readFileSync(new URL(`../../web/src/${from}`, import.meta.url), 'utf8');
    const imported = [...source.matchAll(/from '(\.[^']+)'/g)].map((m) =>
      new URL(m[1], `file:///src/${from}`).pathname.slice('/src/'.length),
    );
    assert.ok(imported.includes(to), `${entry} is no longer an import: take it off KNOWN_EXCEPTIONS`);
  }
});
