// Whom an embedded figure talks to: the `origin` parameter when it is an origin, else the referrer's origin.
import assert from 'node:assert/strict';
import test from 'node:test';
import { hostOrigin } from '../../web/src/app/host-origin.js';

test('the referrer names the embedding page: its origin, never its path', () => {
  assert.deepEqual(hostOrigin(null, 'https://blog.example/posts/pe.html?x=1'), {
    origin: 'https://blog.example',
    note: null,
  });
  assert.deepEqual(hostOrigin(null, 'http://127.0.0.1:4190/'), {
    origin: 'http://127.0.0.1:4190',
    note: null,
  });
});

test('no referrer, or one that is not http(s): nobody but the height hears from the figure', () => {
  assert.deepEqual(hostOrigin(null, ''), { origin: null, note: null });
  assert.deepEqual(hostOrigin(null, 'file:///home/me/post.html'), { origin: null, note: null });
  assert.deepEqual(hostOrigin(null, 'about:blank'), { origin: null, note: null });
});

test('an origin parameter wins over the referrer, with or without a final slash', () => {
  assert.equal(hostOrigin('https://blog.example', 'https://other.example/').origin, 'https://blog.example');
  assert.equal(hostOrigin('https://blog.example/', '').origin, 'https://blog.example');
  assert.equal(hostOrigin('http://localhost:8080', '').origin, 'http://localhost:8080');
});

test('an origin parameter that is not an origin is refused with a note, and the referrer is used', () => {
  for (const asked of [
    '*',
    'blog.example',
    'https://blog.example/post',
    'javascript:alert(1)',
    '',
    'x'.repeat(300),
  ]) {
    const { origin, note } = hostOrigin(asked, 'https://blog.example/a');
    assert.equal(origin, 'https://blog.example', asked);
    assert.match(
      note ?? '',
      /^origin ".*" is not an origin such as https:\/\/blog\.example: messages go to/,
      asked,
    );
    assert.ok((note ?? '').length < 200, 'the value is quoted short');
  }
});
