// The built site runs under its own Content-Security-Policy (vite.config.js): no eval, nothing from elsewhere.
// Every browser test runs under it (a violation is a console error, which fixtures.js turns into a failure);
// this spec checks the policy itself and records violation events on the article with every figure mounted.
import { test, expect, scrollThrough } from './fixtures.js';

async function policyOf(page) {
  return page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
}

for (const path of ['index.html', 'embed.html?figure=lab']) {
  test(`${path} carries a policy with no eval and no other origin but the Hub's, for connections`, async ({
    page,
  }) => {
    await page.goto(path);
    const policy = await policyOf(page);
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain("'unsafe-eval'");
    // The only other origins: the Hugging Face Hub and its download hosts, for fetch (asked only on request).
    const hub = "connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co";
    expect(policy).toContain(hub);
    expect(policy.replace(hub, '')).not.toMatch(/https?:/);
  });
}

test('the article with every figure mounted reports no policy violation, and the engine holds no eval', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__violations.push(`${event.violatedDirective}: ${event.blockedURI}`),
    );
  });
  await page.goto('index.html');
  await scrollThrough(page);
  expect(await page.evaluate(() => window.__violations)).toEqual([]);
  for (const module of ['pe-engine', 'pe-lab', 'pe-models']) {
    const code = await (await page.request.get(`engine/${module}.js`)).text();
    expect(code, module).not.toMatch(/new Function\(|\beval\(/);
  }
});
