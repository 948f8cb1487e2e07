// The front door and the guides stay true to the repository: every relative link in README.md, CONTRIBUTING.md,
// CHANGELOG.md and docs/*.md names a file that exists, every #anchor a heading of that file (as GitHub makes
// heading anchors), every file path in backticks that looks like one exists, and the README stays a front door.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import test from 'node:test';

const ROOT = new URL('../../', import.meta.url).pathname;
const PAGES = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].concat(
  readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
);
const text = (page) => readFileSync(join(ROOT, page), 'utf8');
// Code blocks hold examples (URLs of a blog, a host's paths), not links of this repository.
const prose = (page) => text(page).replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
const anchors = (page) => new Set([...prose(page).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));

test('GitHub-style anchors', () => {
  assert.equal(anchorOf('The iframe'), 'the-iframe');
  assert.equal(anchorOf('For bloggers: figures in your own posts'), 'for-bloggers-figures-in-your-own-posts');
  assert.equal(anchorOf('1. The engine (C++, pure)'), '1-the-engine-c-pure');
});

test('every relative link and anchor in the README and docs resolves', () => {
  const broken = [];
  for (const page of PAGES) {
    for (const [, target] of prose(page).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [path, anchor] = target.split('#');
      const file = path ? normalize(join(dirname(page), path)) : page;
      if (!existsSync(join(ROOT, file))) broken.push(`${page}: ${target} (no ${file})`);
      else if (anchor && file.endsWith('.md') && !anchors(file).has(anchor)) {
        broken.push(`${page}: ${target} (no heading #${anchor} in ${file})`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

test('every repository path the README and docs name in backticks exists', () => {
  const missing = [];
  const folders = /^(cpp|web|tests|bench|scripts|docs|cmake)\//;
  for (const page of PAGES) {
    for (const [, path] of prose(page).matchAll(/`([\w./-]+)`/g)) {
      if (!folders.test(path) || /[*<>]/.test(path) || path.includes('_<')) continue;
      if (!existsSync(join(ROOT, path))) missing.push(`${page}: ${path}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('the README is a front door: at most 150 lines, and it links every guide in docs/', () => {
  const readme = text('README.md');
  assert.ok(readme.split('\n').length <= 151, `README.md has ${readme.split('\n').length - 1} lines`);
  for (const page of PAGES.filter((p) => p.startsWith('docs/'))) {
    assert.ok(readme.includes(`](${page})`), `README.md does not link ${page}`);
  }
  for (const file of ['LICENSE', 'CONTRIBUTING.md', 'CHANGELOG.md'])
    assert.ok(existsSync(join(ROOT, file)), file);
});
