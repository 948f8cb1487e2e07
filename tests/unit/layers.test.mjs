// The front end's layers are enforced by ESLint (scripts/eslint/layers.js, docs/architecture.md): an import
// against the direction fails the lint, naming both layers, and the tree has none.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { ESLint } from 'eslint';
import { LAYERS } from '../../scripts/eslint/layers.js';

const root = new URL('../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });
const layerErrors = async (code, filePath) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'pe/layers').map((m) => m.message);
};

test('a widget importing a figure, the page or the article fails the lint, naming both layers', async () => {
  const errors = await layerErrors("import heatmap from '../figures/heatmap.js';\n", 'web/src/ui/wrong.js');
  assert.deepEqual(errors, [
    "'ui/wrong.js' (ui) may not import 'figures/heatmap.js' (figures): ui may use core, engine " +
      '(docs/architecture.md).',
  ]);
  assert.equal((await layerErrors("export { x } from '../app/main.js';\n", 'web/src/ui/wrong.js')).length, 1);
  assert.equal(
    (await layerErrors("import { x } from '../article/toc.js';\n", 'web/src/ui/wrong.js')).length,
    1,
  );
});

test('core imports nothing of the front end: not a widget, not the engine', async () => {
  assert.deepEqual(await layerErrors("import { h } from '../ui/dom.js';\n", 'web/src/core/wrong.js'), [
    "'core/wrong.js' (core) may not import 'ui/dom.js' (ui): core may use nothing else (docs/architecture.md).",
  ]);
  const others = ['../engine/engine.js', '../figures/ranges.js', '../app/url-state.js', '../lab/race.js'];
  for (const path of others) {
    assert.equal(
      (await layerErrors(`import { x } from '${path}';\n`, 'web/src/core/wrong.js')).length,
      1,
      path,
    );
  }
});

test('the engine loader imports neither core nor widgets', async () => {
  for (const path of ['../core/params.js', '../ui/dom.js', '../figures/words.js']) {
    assert.equal(
      (await layerErrors(`import { x } from '${path}';\n`, 'web/src/engine/wrong.js')).length,
      1,
      path,
    );
  }
});

test('the model-file readers import nothing else of the front end, so they run in Node', async () => {
  assert.deepEqual(await layerErrors("import { h } from '../ui/dom.js';\n", 'web/src/models/wrong.js'), [
    "'models/wrong.js' (models) may not import 'ui/dom.js' (ui): models may use nothing else (docs/architecture.md).",
  ]);
  for (const path of ['../core/params.js', '../engine/engine.js', '../figures/words.js', '../lab/race.js']) {
    assert.equal(
      (await layerErrors(`import { x } from '${path}';\n`, 'web/src/models/wrong.js')).length,
      1,
      path,
    );
  }
  for (const file of ['web/src/ui/wrong.js', 'web/src/lab/wrong.js', 'web/src/core/wrong.js']) {
    assert.equal((await layerErrors("import { x } from '../models/open.js';\n", file)).length, 1, file);
  }
});

test('the lab, the figures and the article do not reach above their layer', async () => {
  const wrong = [
    ["import { x } from '../figures/words.js';\n", 'web/src/lab/wrong.js'],
    ["import { x } from '../article/toc.js';\n", 'web/src/lab/wrong.js'],
    ["import { x } from '../app/embed.js';\n", 'web/src/figures/wrong.js'],
    ["import { x } from '../article/sinusoidal.js';\n", 'web/src/figures/wrong.js'],
    ["const m = import('../../app/main.js');\n", 'web/src/figures/lab/wrong.js'],
    ["import { mountWhenVisible } from '../app/lazy.js';\n", 'web/src/article/wrong.js'],
    ["import { x } from '../component/element.js';\n", 'web/src/article/wrong.js'],
  ];
  for (const [code, file] of wrong)
    assert.equal((await layerErrors(code, file)).length, 1, `${file}: ${code}`);
});

test('a module of web/src/ outside every layer fails the lint', async () => {
  assert.deepEqual(await layerErrors('export const x = 1;\n', 'web/src/stray.js'), [
    "'stray.js' is in no layer: put it in a folder of web/src/ that docs/architecture.md and LAYERS in " +
      'scripts/eslint/layers.js name.',
  ]);
});

test('imports along the direction pass', async () => {
  const ok = [
    [
      "import { maxOf } from '../core/params.js';\nimport { getEngine } from '../engine/engine.js';\n",
      'web/src/ui/a.js',
    ],
    [
      "import { figureBasics } from '../core/figure.js';\nimport { h } from '../ui/dom.js';\n" +
        "import { defineFigure } from '../ui/figure.js';\nimport { race } from '../lab/race.js';\n",
      'web/src/figures/a.js',
    ],
    ["import { formatPeriod } from '../figures/sinusoidal-parts.js';\n", 'web/src/article/a.js'],
    ["import { openModel } from '../models/open.js';\n", 'web/src/figures/a.js'],
    ["import { ModelFileError } from './errors.js';\n", 'web/src/models/a.js'],
    [
      "import { figures } from './registry.js';\nimport { toc } from '../article/toc.js';\n" +
        "const f = import('../figures/ranges.js');\n",
      'web/src/app/a.js',
    ],
    ["import { mountNow } from '../app/lazy.js';\n", 'web/src/component/a.js'],
    ["import { pairOf } from './layout.js';\n", 'web/src/engine/a.js'],
  ];
  for (const [code, file] of ok) assert.deepEqual(await layerErrors(code, file), [], file);
});

test('the tree has no import against the direction', async () => {
  const results = await eslint.lintFiles(['web/src/**/*.js']);
  const against = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'pe/layers'));
  assert.deepEqual(against, []);
});

test("docs/architecture.md's table names every layer's folder and what it may use, as the rule does", () => {
  const doc = readFileSync(new URL('docs/architecture.md', `file://${root}`), 'utf8');
  const rows = new Map(
    [...doc.matchAll(/^\| `([a-z]+)\/`[^|]*\|[^|]*\|([^|]*)\|$/gm)].map((m) => [m[1], m[2].trim()]),
  );
  for (const layer of LAYERS) {
    const folders = layer.name === 'page' ? ['app', 'component'] : [layer.name];
    for (const folder of folders) {
      assert.ok(rows.has(folder), `docs/architecture.md's table has no row for ${folder}/`);
      const uses = [...rows.get(folder).matchAll(/`([a-z]+)\/`/g)].map((m) => m[1]);
      const expected = layer.name === 'page' ? [] : layer.uses;
      if (layer.name === 'page') assert.match(rows.get(folder), /everything/, folder);
      else assert.deepEqual(uses, expected, `${folder}/ may use`);
    }
  }
});

test("every folder of web/src/ is a row of docs/architecture.md's table and a line of its folder map", () => {
  const doc = readFileSync(new URL('docs/architecture.md', `file://${root}`), 'utf8');
  const folders = readdirSync(new URL('web/src/', `file://${root}`), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const rows = [...doc.matchAll(/^\| `([a-z]+)\/`/gm)].map((m) => m[1]);
  assert.deepEqual([...folders].sort(), [...rows].sort());
  for (const folder of folders) assert.match(doc, new RegExp(`^ {2}src/${folder}/ `, 'm'), folder);
});
