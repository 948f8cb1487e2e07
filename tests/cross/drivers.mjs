// The browsers of the cross-browser stage, each behind the same small interface, so that one list of checks
// (checks.mjs) runs in all of them:
//   open(url, { width, height, frame })  navigates (the window sized so the page is width x height CSS pixels;
//                                 frame(url, width, height) names a page that frames it, for narrow sizes)
//   run(fn, ...args)              runs `fn` (an async function, as source) in the page; resolves with its result
//   inject(source)                runs a script's source in the page (not subject to its CSP, as an extension's)
//   press(selector, key)          focuses the element and presses a key ('ArrowRight', 'End', ...)
//   screenshot(selector)          one element's pixels as the window shows them ({ width, height, data }, RGBA;
//                                 cut from a shot of the window: WebKitGTK's element shots miss composited parts)
//   close()
//   shot(selector)                as screenshot, as fast as the driver allows (the screenshots of shots.test.mjs)
// Chromium (Debian's, headless, over CDP with puppeteer-core) is the screenshots' reference.
// Firefox ESR (Debian) over WebDriver BiDi with puppeteer-core; WebKitGTK (Debian's webkit2gtk-driver, its
// MiniBrowser in automation mode) under Xvfb and WPE WebKit (wpewebkit-driver, cog headless) over classic
// WebDriver with selenium-webdriver. The colour scheme is the system's, as a reader's would be: a Firefox
// preference, GTK's theme for WebKitGTK.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { createConnection } from 'node:net';
import puppeteer from 'puppeteer-core';
import { Builder, By, Key } from 'selenium-webdriver';
import { crop, decodePng } from './png.mjs';

const SELENIUM_KEYS = {
  ArrowRight: Key.ARROW_RIGHT,
  ArrowLeft: Key.ARROW_LEFT,
  End: Key.END,
  Home: Key.HOME,
};

/** The engines this stage knows, with the file each needs and how to start it. */
export const ENGINES = {
  chromium: { label: 'Chromium', binary: '/usr/bin/chromium', start: chromium },
  firefox: { label: 'Firefox ESR', binary: '/usr/bin/firefox-esr', start: firefox },
  webkit: { label: 'WebKitGTK', binary: '/usr/bin/WebKitWebDriver', start: webkitGtk },
  wpe: { label: 'WPE WebKit', binary: '/usr/bin/WPEWebDriver', start: wpe },
};

/** The element's box in the window's device pixels (run in the page). */
function boxOf(selector) {
  const box = document.querySelector(selector).getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  return { x: box.left * ratio, y: box.top * ratio, width: box.width * ratio, height: box.height * ratio };
}

/** The box's pixels out of a PNG of the window. */
const cutOut = (png, box) => crop(decodePng(png), box);

/** The page's function as a string for the drivers: it is called with args and its promise awaited. */
const asCall = (fn) => `(${fn.toString()})`;

/** Starts Firefox ESR; `dark` sets the system scheme the page sees. */
async function firefox({ dark }) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: { 'ui.systemUsesDarkTheme': dark ? 1 : 0 },
  });
  const page = await browser.newPage();
  return puppeteerSession(browser, page);
}

/** Starts Debian's Chromium, headless (the screenshots' reference); `dark` emulates the system's dark scheme. */
async function chromium({ dark }) {
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: dark ? 'dark' : 'light' }]);
  return puppeteerSession(browser, page);
}

/** The interface over a puppeteer browser (Firefox over WebDriver BiDi, Chromium over CDP) and its page. */
async function puppeteerSession(browser, page) {
  return {
    version: await browser.version(),
    async open(url, { width, height }) {
      await page.setViewport({ width, height });
      await page.goto(url, { waitUntil: 'load' });
    },
    run: (fn, ...args) => page.evaluate(new Function(`return ${asCall(fn)}(...arguments)`), ...args),
    inject: (source) => page.evaluate(source),
    async press(selector, key) {
      await page.focus(selector);
      await page.keyboard.press(key);
    },
    screenshot: async (selector) =>
      cutOut(Buffer.from(await page.screenshot()), await page.evaluate(boxOf, selector)),
    close: () => browser.close(),
    /** As screenshot, faster: the browser encodes only the element's box (clip, in CSS pixels). */
    async shot(selector) {
      const ratio = await page.evaluate(() => window.devicePixelRatio || 1);
      const { x, y, width, height } = await page.evaluate(boxOf, selector);
      const clip = { x: x / ratio, y: y / ratio, width: width / ratio, height: height / ratio };
      return decodePng(Buffer.from(await page.screenshot({ clip })));
    },
  };
}

/** Waits until something listens on port. */
async function listening(port, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = createConnection(port, '127.0.0.1', () => resolve(socket.end() && true));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`The WebDriver server did not listen on port ${port}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A classic WebDriver session on a driver process this starts (and ends with close()). */
async function webDriverSession(command, args, env, capabilities, port) {
  // CROSS_DRIVER_LOG=<file>: the driver's and its browser's output, appended there (a crash says why).
  const log = process.env.CROSS_DRIVER_LOG ? openSync(process.env.CROSS_DRIVER_LOG, 'a') : 'ignore';
  const server = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  await listening(port);
  const driver = await new Builder()
    .usingServer(`http://127.0.0.1:${port}`)
    .withCapabilities(capabilities)
    .build();
  await driver.manage().setTimeouts({ script: 120_000, pageLoad: 60_000 });
  const version = (await driver.getCapabilities()).get('browserVersion');
  let chrome = null;
  let framed = false;
  return {
    version,
    async open(url, { width, height, frame }) {
      await driver.switchTo().defaultContent();
      // The window includes the browser's own frame: measure it once, then size the window so the page gets
      // width x height.
      if (!chrome) {
        await driver.get('about:blank');
        const rect = await driver.manage().window().getRect();
        const inner = await driver.executeScript('return [window.innerWidth, window.innerHeight]');
        chrome = { x: rect.width - inner[0], y: rect.height - inner[1] };
      }
      await driver
        .manage()
        .window()
        .setRect({ width: width + chrome.x, height: height + chrome.y });
      const inner = await driver.executeScript('return window.innerWidth');
      framed = inner !== width && Boolean(frame);
      if (!framed) {
        await driver.get(url);
        // The new document, loaded; then one screenshot, which makes the view render a frame: WPE's headless
        // view sometimes rendered none for 30 s after leaving the article, so the page's resize observers and
        // animation frames did not run and the next figure drew nothing (1 run of the stage in 3).
        await driver.wait(
          () =>
            driver.executeScript(
              'return document.URL === arguments[0] && document.readyState === "complete"',
              url,
            ),
          30_000,
        );
        await driver.takeScreenshot();
        return;
      }
      // Narrower than the browser's window can be (MiniBrowser's toolbar keeps it at 447 px or more): the page in a
      // frame of that size.
      await driver
        .manage()
        .window()
        .setRect({ width: 1000 + chrome.x, height: height + 100 + chrome.y });
      await driver.get(frame(url, width, height));
      await driver.switchTo().frame(await driver.findElement(By.css('iframe')));
      await driver.wait(() => driver.executeScript('return document.readyState === "complete"'), 30_000);
    },
    async run(fn, ...args) {
      const result = await driver.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         ${asCall(fn)}(...Array.prototype.slice.call(arguments, 0, -1)).then(
           (value) => done({ value }), (error) => done({ error: String(error && error.message || error) + ' ' + (error && error.stack || '') }));`,
        ...args,
      );
      if (result.error) throw new Error(result.error);
      return result.value;
    },
    inject: (source) => driver.executeScript(source),
    async press(selector, key) {
      const element = await driver.findElement(By.css(selector));
      await driver.executeScript('arguments[0].focus()', element);
      await element.sendKeys(SELENIUM_KEYS[key] ?? key);
    },
    async screenshot(selector) {
      const png = Buffer.from(await driver.takeScreenshot(), 'base64');
      const box = await driver.executeScript(`return (${boxOf})(arguments[0])`, selector);
      if (!framed) return cutOut(png, box);
      // The shot is of the window, the box measured in the frame: add where the frame sits in the window.
      await driver.switchTo().defaultContent();
      const frameBox = await driver.executeScript(
        `const f = document.querySelector('iframe'), r = window.devicePixelRatio || 1;
         return [(${boxOf})('iframe'), f.clientLeft * r, f.clientTop * r]`,
      );
      await driver.switchTo().frame(await driver.findElement(By.css('iframe')));
      const [at, left, top] = frameBox;
      return cutOut(png, { ...box, x: box.x + at.x + left, y: box.y + at.y + top });
    },
    async close() {
      await driver.quit().catch(() => {});
      try {
        process.kill(-server.pid);
      } catch {
        // already gone
      }
    },
    shot(selector) {
      return this.screenshot(selector);
    },
  };
}

let nextPort = Number(process.env.CROSS_DRIVER_PORT ?? 4450);

/** Starts WebKitGTK's MiniBrowser under a virtual X display. */
function webkitGtk({ dark }) {
  const port = nextPort++;
  return webDriverSession(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1600x1200x24', 'WebKitWebDriver', `--port=${port}`],
    dark ? { GTK_THEME: 'Adwaita:dark' } : { GTK_THEME: 'Adwaita' },
    {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
        args: ['--automation'],
      },
    },
    port,
  );
}

/** JavaScriptCore's options for WPE: its WebAssembly interpreter off, unless the environment says otherwise. */
function wpeJscOptions() {
  if (process.env.CROSS_WPE_JSC !== undefined) {
    const pairs = process.env.CROSS_WPE_JSC.split(',').filter(Boolean);
    return Object.fromEntries(pairs.map((pair) => pair.split('=')).map(([k, v]) => [`JSC_${k}`, v]));
  }
  return process.env.CROSS_WPE_LLINT === '1' ? {} : { JSC_useWasmLLInt: 'false' };
}

/**
 * Starts WPE WebKit's cog, headless (no colour scheme of its own: light). Its WebAssembly interpreter (the LLInt
 * tier) is switched off, so that every function is compiled by BBQ from the start: in WPE 2.38, code that tiers up
 * from the interpreter traps or computes wrong numbers in about one run of the stage in four under load, on calls
 * that Node replays exactly (docs/wasm-traps.md has the evidence). CROSS_WPE_LLINT=1 keeps the interpreter, to
 * study the fault, and CROSS_WPE_JSC=name=value,... sets JavaScriptCore's options instead (useConcurrentJIT=false,
 * say).
 */
function wpe() {
  const port = nextPort++;
  return webDriverSession(
    'WPEWebDriver',
    [`--port=${port}`],
    wpeJscOptions(),
    {
      browserName: 'cog',
      'wpe:browserOptions': { binary: '/usr/bin/cog', args: ['--automation', '--platform=headless'] },
    },
    port,
  );
}
