// `npm ci` must install the same tree on any day. A dependency declared by a dist-tag ("latest", "next") resolves
// to whatever the registry says that day, so once the tag moves the lock file no longer satisfies it and `npm ci`
// refuses to install anything. Every such declaration in the lock must be pinned by an override in package.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));

const isTag = (spec) => /^[a-z][a-z0-9-]*$/i.test(spec);

test('every dist-tag dependency in the lock file is pinned by an override', () => {
  const loose = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const name = path.replace(/^.*node_modules\//, '');
    for (const [dep, spec] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
      if (!isTag(spec)) continue;
      const pinned = pkg.overrides?.[name]?.[dep] ?? pkg.overrides?.[dep];
      if (typeof pinned !== 'string' || !/^\d+\.\d+\.\d+$/.test(pinned))
        loose.push(`${name} -> ${dep}@${spec}`);
    }
  }
  assert.deepEqual(loose, [], 'pin these in package.json "overrides" to the version the lock holds');
});

test('every override pins the version the lock file holds', () => {
  const held = (dep) => lock.packages[`node_modules/${dep}`]?.version;
  for (const [parent, deps] of Object.entries(pkg.overrides ?? {})) {
    for (const [dep, version] of Object.entries(deps)) {
      assert.equal(held(dep), version, `override ${parent} -> ${dep}`);
    }
  }
});
