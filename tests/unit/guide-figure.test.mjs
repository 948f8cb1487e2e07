// docs/adding-a-figure.md quotes a real figure: every code block after a "quoted from <file>" comment must be
// that file's text, in order, where a line `// ...` stands for any number of lines left out. A change to the
// figure that the guide does not follow fails here, and so does a guide edited away from the code.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { figures } from '../../web/src/app/registry.js';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const GUIDE = read('docs/adding-a-figure.md');
const ELISION = '// ...';

/** The guide's quoted blocks: { file, lines } for each ```js block right after a "quoted from" comment. */
function quotedBlocks(markdown) {
  const pattern = /<!-- quoted from (\S+) -->\s*```js\n([\s\S]*?)```/g;
  return [...markdown.matchAll(pattern)].map((m) => ({
    file: m[1],
    lines: m[2].replace(/\n$/, '').split('\n'),
  }));
}

/**
 * Where the quoted lines run out of step with the file, or null when the block is the file's text: each run of
 * lines between elisions is found whole (the same indentation, every line) after the run before it.
 */
export function mismatch(quoted, source) {
  const file = source.split('\n');
  const runs = [[]];
  for (const line of quoted) {
    if (line.trim() === ELISION) runs.push([]);
    else runs[runs.length - 1].push(line);
  }
  let from = 0;
  for (const run of runs.filter((r) => r.length > 0)) {
    let at = -1;
    for (let i = from; i + run.length <= file.length && at < 0; i += 1) {
      if (run.every((line, k) => file[i + k] === line)) at = i;
    }
    if (at < 0) return `not in the file (after line ${from}):\n${run.join('\n')}`;
    from = at + run.length;
  }
  return null;
}

test('the guide quotes its example figure, and the figure is a real one', () => {
  const blocks = quotedBlocks(GUIDE);
  assert.ok(blocks.length >= 5, `quoted blocks found: ${blocks.length}`);
  for (const { file, lines } of blocks) {
    assert.equal(mismatch(lines, read(file)), null, `docs/adding-a-figure.md quoting ${file}`);
  }
  assert.ok(Object.keys(figures).includes('ranges'));
  assert.match(
    read('web/src/app/registry.js'),
    /^ {2}ranges: \(\) => import\('\.\.\/figures\/ranges\.js'\),$/m,
  );
});

test('a quoted block that drifts from its file is caught', () => {
  const source = 'a\n  b\n  c\nd\ne\n';
  assert.equal(mismatch(['a', '  b', ELISION, 'e'], source), null);
  assert.equal(mismatch(['  b', '  c', 'd'], source), null);
  assert.match(mismatch(['a', 'b'], source), /not in the file/); // the indentation differs
  assert.match(mismatch(['d', ELISION, 'a'], source), /not in the file/); // out of order
  assert.match(mismatch(['a', '  c'], source), /not in the file/); // a line left out without an elision
});
