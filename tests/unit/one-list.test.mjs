// One list per concept. The lab's position schemes are declared once, in the engine's kSchemeNames
// (cpp/include/pe/lab/config.hpp, whose order the saved state numbers), and every other place that names them
// is checked against it here. A scheme added to the engine fails this test until it has a binding, a type, a
// name and a colour in the page, a PyTorch counterpart in the exported script and in the reference, a parity
// case and an entry in the model's documentation (docs/adding-a-lab-scheme.md lists them in order).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { figures } from '../../web/src/app/registry.js';
import { MIN_LENGTH } from '../../web/src/lab/defaults.js';
import { SCHEME_COLOURS } from '../../web/src/ui/colors.js';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const quoted = (text) => [...text.matchAll(/["']([a-z0-9]+)["']/g)].map((m) => m[1]);
const between = (text, start, end) => {
  const from = text.indexOf(start);
  assert.ok(from >= 0, `"${start}" not found`);
  return text.slice(from + start.length, text.indexOf(end, from + start.length));
};

const keys = (text) => [...text.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]);
// The lab's parameters module draws controls (and imports stylesheets), so its lists are read as text.
const LAB_PARAMS = read('web/src/figures/lab/params.js');
const RACE = quoted(between(LAB_PARAMS, 'export const SCHEMES = [', ']'));
const SCHEME_NAMES = keys(between(LAB_PARAMS, 'export const SCHEME_NAMES = {', '}'));

const ENGINE = quoted(between(read('cpp/include/pe/lab/config.hpp'), 'kSchemeNames = {', '}'));

test('the engine declares the schemes, in the order the saved state numbers them', () => {
  assert.deepEqual(ENGINE.slice(0, 5), ['none', 'sinusoidal', 'learned', 'rope', 'alibi']);
  const enumeration = between(read('cpp/include/pe/lab/config.hpp'), 'enum class Scheme {', '}');
  assert.equal(enumeration.split(',').length, ENGINE.length, 'one enumerator per name');
});

test('the binding, the .d.ts and the exported script accept exactly those schemes, in that order', () => {
  assert.deepEqual(quoted(between(read('cpp/bindings/lab.cpp'), '"config.scheme",', '}')), ENGINE);
  assert.deepEqual(quoted(between(read('cpp/bindings/pe-lab.d.ts'), 'export type LabScheme =', ';')), ENGINE);
  assert.deepEqual(quoted(between(read('web/src/lab/torch-script.js'), 'const SCHEMES = [', ']')), ENGINE);
  assert.deepEqual(quoted(between(read('web/src/lab/torch-template.py'), 'SCHEMES = (', ')')), ENGINE);
});

test('every scheme has a name and a colour in the page, and the race offers only known schemes', () => {
  assert.deepEqual([...SCHEME_NAMES].sort(), [...ENGINE].sort());
  assert.deepEqual(Object.keys(SCHEME_COLOURS).sort(), [...ENGINE].sort());
  for (const scheme of RACE)
    assert.ok(ENGINE.includes(scheme), `the race offers an unknown scheme ${scheme}`);
  assert.equal(new Set(Object.values(SCHEME_COLOURS)).size, ENGINE.length, 'colours are distinct');
});

test('every scheme with positions has a PyTorch counterpart, a parity case and a documented entry', () => {
  const exported = read('web/src/lab/torch-model.py');
  const reference = read('tests/torch/model.py');
  const parity = read('tests/torch/parity.py');
  const documented = read('docs/lab-model.md');
  for (const scheme of ENGINE) {
    if (scheme !== 'none') {
      assert.match(exported, new RegExp(`\\["scheme"\\] == "${scheme}"`), `torch-model.py: ${scheme}`);
      assert.match(reference, new RegExp(`\\["scheme"\\] == "${scheme}"`), `tests/torch/model.py: ${scheme}`);
    }
    assert.match(parity, new RegExp(`scheme="${scheme}"`), `tests/torch/parity.py has no ${scheme} case`);
    assert.match(documented, new RegExp(`\`${scheme}\``), `docs/lab-model.md does not name \`${scheme}\``);
  }
});

// The tasks: kTaskNames in the same header, in enum order.
const TASK_NAMES = quoted(between(read('cpp/include/pe/lab/config.hpp'), 'kTaskNames = {', '}'));

test('every task is known to the binding, the .d.ts, the page, its shortest length and the export', () => {
  assert.deepEqual(quoted(between(read('cpp/bindings/lab.cpp'), '"config.task",', '}')), TASK_NAMES);
  assert.deepEqual(
    quoted(between(read('cpp/bindings/pe-lab.d.ts'), 'export type LabTask =', ';')),
    TASK_NAMES,
  );
  assert.deepEqual(Object.keys(MIN_LENGTH), TASK_NAMES);
  const page = [...between(LAB_PARAMS, 'export const TASKS = [', '];').matchAll(/value: '(\w+)'/g)];
  assert.deepEqual(page.map((m) => m[1]).sort(), [...TASK_NAMES].sort());
  const exported = [
    ...between(read('web/src/lab/torch-template.py'), 'TASKS = {', '}').matchAll(/"(\w+)":/g),
  ];
  assert.deepEqual(
    exported.map((m) => m[1]),
    TASK_NAMES,
  );
  for (const task of TASK_NAMES) assert.match(read('docs/lab-model.md'), new RegExp(`\`${task}\``), task);
});

// The figures: web/src/app/registry.js, in the article's order.
test('every figure id in the registry is mounted once by the article and listed in the embedding guide', () => {
  const ids = Object.keys(figures);
  const html = readdirSync(new URL('../../web/sections/', import.meta.url))
    .map((name) => read(`web/sections/${name}`))
    .join('\n');
  const mounted = [...html.matchAll(/data-mount="([\w-]+)"/g)].map((m) => m[1]);
  assert.deepEqual([...mounted].sort(), [...ids].sort());
  const guide = between(read('docs/embedding.md'), 'Figure ids:', '. ');
  assert.deepEqual(
    [...guide.matchAll(/`([\w-]+)`/g)].map((m) => m[1]),
    ids,
  );
});
