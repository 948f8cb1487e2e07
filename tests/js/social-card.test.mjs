// The link preview: the built article carries Open Graph and Twitter card tags whose image exists at the size
// they state, and SITE_URL makes the card's URLs absolute.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { socialCard } from '../../vite.config.js';

const html = readFileSync('dist/index.html', 'utf8');
const meta = (property) =>
  html.match(new RegExp(`<meta\\s+(?:property|name)="${property}"\\s+content="([^"]*)"`))?.[1];

test('the built article names its title, description and preview image', () => {
  assert.match(meta('og:title') ?? '', /PE Explorer/);
  assert.ok((meta('og:description') ?? '').length > 50);
  assert.equal(meta('twitter:card'), 'summary_large_image');
  assert.equal(meta('og:image'), './social-card.png');
  assert.ok((meta('og:image:alt') ?? '').length > 20);
});

test('the preview image is a PNG of the size the tags state', () => {
  const png = readFileSync('dist/social-card.png');
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  assert.equal(png.readUInt32BE(16), Number(meta('og:image:width')));
  assert.equal(png.readUInt32BE(20), Number(meta('og:image:height')));
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
});

test('SITE_URL makes the card absolute', () => {
  const saved = process.env.SITE_URL;
  process.env.SITE_URL = 'https://example.org/notes/pe-explorer';
  try {
    const out = socialCard().transformIndexHtml(html);
    assert.match(
      out,
      /property="og:image" content="https:\/\/example\.org\/notes\/pe-explorer\/social-card\.png"/,
    );
    assert.match(out, /property="og:url" content="https:\/\/example\.org\/notes\/pe-explorer\/"/);
  } finally {
    if (saved === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = saved;
  }
});
