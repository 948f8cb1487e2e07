// openHubModel against a local stand-in for the Hub (tests/models/hub-server.mjs) with Node's own fetch: the
// position table read by Range requests equals the bytes written, only the header and that table cross the wire,
// LFS files are fetched from the second origin they are redirected to, and each failure says what and which host.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { startHub } from '../models/hub-server.mjs';
import { HubError, ModelFileError } from '../../web/src/models/errors.js';
import { openHubModel } from '../../web/src/models/hub.js';
import { concat, f32s, safetensors } from './models-helpers.mjs';

/** wpe.weight [64, 16] F32, values exact in float32; an unrelated [256, 256] F32 tensor before it. */
const WPE = Array.from({ length: 64 * 16 }, (_, i) => Math.fround(Math.sin(i * 0.37) * (1 + (i % 7))));
const MLP = Array.from({ length: 256 * 256 }, (_, i) => (i % 1000) / 8);
const CONFIG = JSON.stringify({ model_type: 'gpt2', n_positions: 64, n_embd: 16, n_head: 2, n_layer: 1 });

/** A safetensors file of named F32 tensors, in order. @param {[string, number[], number[]][]} tensors */
function file(tensors) {
  /** @type {Record<string, unknown>} */
  const header = { __metadata__: { format: 'pt' } };
  let at = 0;
  for (const [name, shape, values] of tensors) {
    header[name] = { dtype: 'F32', shape, data_offsets: [at, at + values.length * 4] };
    at += values.length * 4;
  }
  return safetensors(header, concat(...tensors.map(([, , values]) => f32s(values))));
}

const single = file([
  ['h.0.mlp.c_fc.weight', [256, 256], MLP],
  ['wpe.weight', [64, 16], WPE],
]);
const shard1 = file([['h.0.mlp.c_fc.weight', [256, 256], MLP]]);
const shard2 = file([
  ['wte.weight', [8, 16], Array.from({ length: 128 }, (_, i) => i)],
  ['wpe.weight', [64, 16], WPE],
]);
const index = JSON.stringify({
  metadata: { total_size: 0 },
  weight_map: {
    'h.0.mlp.c_fc.weight': 'model-00001-of-00002.safetensors',
    'wte.weight': 'model-00002-of-00002.safetensors',
    'wpe.weight': 'model-00002-of-00002.safetensors',
  },
});
const headerBytes = (/** @type {Uint8Array} */ bytes) =>
  8 + Number(new DataView(bytes.buffer).getBigUint64(0, true));

/** @type {Awaited<ReturnType<typeof startHub>>} */
let hub;
before(async () => {
  hub = await startHub({
    repos: {
      'test-org/tiny-gpt2': { files: { 'config.json': CONFIG, 'model.safetensors': single } },
      'tiny-sharded': {
        files: {
          'config.json': CONFIG,
          'model.safetensors.index.json': index,
          'model-00001-of-00002.safetensors': shard1,
          'model-00002-of-00002.safetensors': shard2,
        },
      },
      'test-org/no-config': { files: { 'model.safetensors': single } },
      'test-org/no-weights': { files: { 'config.json': CONFIG } },
      'test-org/gated': { gated: true, files: { 'config.json': CONFIG } },
      'test-org/private': { private: true, files: { 'config.json': CONFIG } },
      'test-org/hang': { hang: true, files: { 'config.json': CONFIG } },
      'test-org/wrong-range': { wrongRange: true, files: { 'model.safetensors': single } },
      'test-org/hostile-index': {
        files: {
          'model.safetensors.index.json': JSON.stringify({
            weight_map: { 'wpe.weight': '../other/x.safetensors' },
          }),
        },
      },
      // 64 MB after a small header: a server that ignores Range would send all of it.
      'test-org/no-range': {
        noRange: true,
        files: {
          'model.safetensors': concat(file([['wpe.weight', [64, 16], WPE]]), new Uint8Array(64 * 2 ** 20)),
        },
      },
    },
  });
});
after(() => hub.close());

const host = () => new URL(hub.endpoint).host;
const cdnHost = () => new URL(hub.cdn).host;
/** The requests made from here on. */
const mark = () => {
  const from = hub.requests.length;
  return () => hub.requests.slice(from);
};
/** @param {Promise<unknown>} promise @param {string} kind @param {RegExp[]} patterns */
async function fails(promise, kind, patterns) {
  const error = await promise.then(
    () => assert.fail('expected a HubError'),
    (e) => e,
  );
  assert.ok(error instanceof HubError, `${error}`);
  assert.equal(error.kind, kind, error.message);
  for (const p of patterns) assert.match(error.message, p);
  return error;
}

test('hub: the position table of a one-file model, by Range requests, header and table only', async () => {
  const requests = mark();
  const model = await openHubModel('test-org/tiny-gpt2', { endpoint: hub.endpoint });
  assert.equal(model.setting?.modelType, 'gpt2');
  assert.equal(model.setting?.contextLength, 64);
  assert.deepEqual(
    model.positions.found.map((p) => [p.name, p.kind, p.firstPosition, p.shape]),
    [['wpe.weight', 'learned', 0, [64, 16]]],
  );
  const { values, shape } = await model.read('wpe.weight');
  assert.deepEqual(shape, [64, 16]);
  assert.deepEqual([...values], WPE);

  const expected = CONFIG.length + headerBytes(single) + 64 * 16 * 4;
  assert.equal(model.bytesRead(), expected);
  const log = requests();
  assert.equal(
    log.reduce((n, r) => n + r.bytes, 0),
    expected,
  );
  assert.ok(expected < single.length / 20, `${expected} of ${single.length}`);
  // config.json whole from the Hub; each safetensors read a 302 from the Hub, then a 206 from the CDN.
  const base = '/test-org/tiny-gpt2/resolve/main';
  assert.deepEqual(
    log.map((r) => [r.origin, r.path.replace(/\?.*/, ''), r.range, r.status]),
    [
      ['hub', `${base}/config.json`, null, 200],
      ['hub', `${base}/model.safetensors`, 'bytes=0-7', 302],
      ['cdn', '/repos/test-org%2Ftiny-gpt2/model.safetensors', 'bytes=0-7', 206],
      ['hub', `${base}/model.safetensors`, `bytes=8-${headerBytes(single) - 1}`, 302],
      ['cdn', '/repos/test-org%2Ftiny-gpt2/model.safetensors', `bytes=8-${headerBytes(single) - 1}`, 206],
      ['hub', `${base}/model.safetensors`, `bytes=${single.length - 4096}-${single.length - 1}`, 302],
      [
        'cdn',
        '/repos/test-org%2Ftiny-gpt2/model.safetensors',
        `bytes=${single.length - 4096}-${single.length - 1}`,
        206,
      ],
    ],
  );
  assert.ok(log.every((r) => r.finished));
  assert.deepEqual(model.hosts().sort(), [host(), cdnHost()].sort());
  assert.equal(model.modelId, 'test-org/tiny-gpt2');
  assert.equal(model.endpoint, hub.endpoint);
});

test('hub: a sharded model through its index, only the shard that holds the table read beyond its header', async () => {
  const requests = mark();
  const model = await openHubModel('tiny-sharded', { endpoint: `${hub.endpoint}/` });
  const { values } = await model.read('wpe.weight');
  assert.deepEqual([...values], WPE);
  const expected = CONFIG.length + index.length + headerBytes(shard1) + headerBytes(shard2) + 64 * 16 * 4;
  assert.equal(model.bytesRead(), expected);
  const log = requests();
  // and the Hub's 27-byte JSON answer to the model.safetensors that is not there
  assert.equal(
    log.reduce((n, r) => n + r.bytes, 0),
    expected + '{"error":"Entry not found"}'.length,
  );
  const paths = log
    .filter((r) => r.origin === 'hub')
    .map((r) => r.path.replace('/tiny-sharded/resolve/main/', ''));
  assert.deepEqual(paths.slice(0, 3), ['config.json', 'model.safetensors', 'model.safetensors.index.json']);
  assert.equal(log[1].status, 404);
  // the big shard: its 8 bytes and its header, nothing of its 256 kB of data
  const big = log.filter((r) => r.origin === 'cdn' && r.path.includes('00001'));
  assert.deepEqual(
    big.map((r) => r.range),
    ['bytes=0-7', `bytes=8-${headerBytes(shard1) - 1}`],
  );
});

test('hub: without config.json the tables are still found, with no setting', async () => {
  const model = await openHubModel('test-org/no-config', { endpoint: hub.endpoint });
  assert.equal(model.setting, null);
  assert.deepEqual(
    model.positions.found.map((p) => p.name),
    ['wpe.weight'],
  );
});

test('hub: a gated model, a private or missing one, and a model without weights', async () => {
  await fails(openHubModel('test-org/gated', { endpoint: hub.endpoint }), 'gated', [
    new RegExp(host()),
    /gated or private/,
    /cannot log in/,
    /Access to model test-org\/gated is restricted/,
  ]);
  await fails(openHubModel('test-org/private', { endpoint: hub.endpoint }), 'not-found', [
    new RegExp(host()),
    /HTTP 401, RepoNotFound/,
    /no such model/,
  ]);
  await fails(openHubModel('test-org/missing', { endpoint: hub.endpoint }), 'not-found', [
    new RegExp(`${host()} has no config.json of test-org/missing`),
    /HTTP 404/,
  ]);
  await fails(openHubModel('test-org/no-weights', { endpoint: hub.endpoint }), 'not-found', [
    new RegExp(`${host()} has neither model.safetensors nor model.safetensors.index.json`),
  ]);
  await fails(openHubModel('test-org/tiny-gpt2', { endpoint: hub.endpoint, revision: 'v9' }), 'not-found', [
    /no such revision/,
  ]);
});

test('hub: a server that ignores Range is refused and its download abandoned', async () => {
  const requests = mark();
  /** @type {(AbortSignal | null | undefined)[]} */
  const signals = [];
  /** @type {typeof fetch} */
  const watched = (url, init) => {
    signals.push(init?.signal);
    return fetch(url, init);
  };
  const options = { endpoint: hub.endpoint, fetch: watched };
  const error = await fails(openHubModel('test-org/no-range', options), 'no-range', [
    new RegExp(`${cdnHost()} \\(redirected from ${host()}\\)`),
    /does not support range requests/,
    /HTTP 200 and the whole file/,
  ]);
  assert.equal(error.status, 200);
  // config.json (404), then model.safetensors, whose 200 is aborted at once
  assert.equal(signals.length, 2);
  assert.equal(signals[1]?.aborted, true, 'the 200 answer was not aborted');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const cdn = requests().filter((r) => r.origin === 'cdn');
  assert.equal(cdn.length, 1);
  assert.equal(cdn[0].finished, false, 'the whole file was sent');
  assert.ok(cdn[0].bytes < 32 * 2 ** 20, `${cdn[0].bytes} bytes sent`);
});

test('hub: a Content-Range other than the one asked is refused', async () => {
  await fails(openHubModel('test-org/wrong-range', { endpoint: hub.endpoint }), 'bad-range', [
    new RegExp(cdnHost()),
    /"bytes 1-8\/\d+"/,
    /expected bytes 0-7/,
  ]);
});

test('hub: a host that does not answer times out; one that cannot be reached, or a blocked fetch, says so', async () => {
  const start = performance.now();
  await fails(openHubModel('test-org/hang', { endpoint: hub.endpoint, timeoutMs: 300 }), 'timeout', [
    new RegExp(`${host()} did not answer for config.json of test-org/hang \\(main\\) within 0.3 s`),
  ]);
  assert.ok(performance.now() - start < 3000);

  const closed = await startHub();
  const endpoint = closed.endpoint;
  await closed.close();
  await fails(openHubModel('gpt2', { endpoint }), 'network', [
    new RegExp(`${new URL(endpoint).host} could not be reached`),
    /Content-Security-Policy/,
  ]);
  const blocked = async () => {
    throw new TypeError('Failed to fetch');
  };
  await fails(openHubModel('gpt2', { fetch: blocked }), 'network', [
    /huggingface.co could not be reached for config.json of gpt2 \(main\) \(Failed to fetch\)/,
    /Content-Security-Policy \(connect-src\) or the browser/,
  ]);

  const controller = new AbortController();
  const cancelled = openHubModel('test-org/hang', { endpoint: hub.endpoint, signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  await fails(cancelled, 'aborted', [new RegExp(host())]);
});

test('hub: model ids, revisions and endpoints are checked before anything is fetched', async () => {
  const requests = mark();
  let calls = 0;
  const counting = async () => {
    calls++;
    throw new TypeError('no');
  };
  for (const id of [
    '',
    '../etc/passwd',
    'a/../b',
    'owner/name/extra',
    'https://huggingface.co/gpt2',
    'huggingface.co/gpt2/resolve',
    'a b',
    '.hidden',
    'name-',
    'a%2Fb',
    'x'.repeat(97),
    'gpt2?x=1',
    42,
  ])
    await fails(
      openHubModel(/** @type {string} */ (id), { endpoint: hub.endpoint, fetch: counting }),
      'bad-id',
      [new RegExp(`not a model id on ${host()}`)],
    );
  await fails(openHubModel('https://huggingface.co/gpt2', { fetch: counting }), 'bad-id', [
    /not the address/,
  ]);
  for (const revision of ['../main', 'a b', '/main', 'x'.repeat(101)])
    await fails(openHubModel('gpt2', { revision, fetch: counting }), 'bad-id', [
      /not a revision on huggingface.co/,
    ]);
  for (const endpoint of [
    'ftp://huggingface.co',
    'javascript:alert(1)',
    'file:///etc',
    'huggingface.co',
    'https://user:pw@huggingface.co',
    'https://huggingface.co/?q=1',
    `https://${'a'.repeat(200)}.co`,
  ])
    await fails(openHubModel('gpt2', { endpoint, fetch: counting }), 'bad-endpoint', [
      /is not one this page contacts/,
    ]);
  assert.equal(calls, 0);
  assert.deepEqual(requests(), []);
});

test('hub: the offline single-file copy does not fetch, and says why', async () => {
  let calls = 0;
  await fails(
    openHubModel('gpt2', {
      offline: true,
      fetch: async () => {
        calls++;
        return new Response('');
      },
    }),
    'offline',
    [/offline single-file copy/, /cannot fetch gpt2 from huggingface.co/, /works without a network/],
  );
  assert.equal(calls, 0);
});

test('hub: an index that names a shard outside the folder is refused before it is fetched', async () => {
  const requests = mark();
  await assert.rejects(openHubModel('test-org/hostile-index', { endpoint: hub.endpoint }), (error) => {
    assert.ok(error instanceof ModelFileError);
    assert.match(
      error.message,
      /model\.safetensors\.index\.json: it names shard "\.\.\/other\/x\.safetensors"/,
    );
    return true;
  });
  assert.ok(requests().every((r) => !r.path.includes('other')));
});
