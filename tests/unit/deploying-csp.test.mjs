// docs/deploying.md gives hosts the site's Content-Security-Policy as a header: it must be the policy the build writes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { CSP } from '../../vite.config.js';

test("the deploying guide's policy header is the one the built pages carry", () => {
  const guide = readFileSync('docs/deploying.md', 'utf8');
  const headers = [...guide.matchAll(/^Content-Security-Policy: (.+)$/gm)].map((m) => m[1]);
  assert.deepEqual(headers, [CSP]);
});
