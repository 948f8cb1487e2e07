// What a reader sees in place of a figure that could not load: what failed, in words, what to try, and the
// browser's own message kept under "Technical detail". One message per cause (engine/engine.js EngineLoadError kinds,
// plus the figure's own code), so a reader whose network dropped is told to check it and a host who serves the
// .wasm with the wrong type is told what type to use.
import { EngineLoadError } from '../engine/engine.js';
import { replaceChildren } from '../ui/dom.js';
import { failureBox } from '../ui/failure-box.js';
import { FigureLoadError } from './registry.js';

/** A figure's code loaded but mounting it threw (a fault in the figure, reported rather than left blank). */
export class FigureStartError extends Error {
  /** @param {string} id @param {unknown} cause */
  constructor(id, cause) {
    super(`Figure "${id}" could not start: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'FigureStartError';
    this.kind = 'mount';
  }
}

const AGAIN = 'Check your connection, then press Try again or reload the page.';

/** For each kind of failure: what failed, what to try, and whether trying again can help. */
const MESSAGES = {
  'no-webassembly': {
    what: 'This browser cannot run the figures: it has no WebAssembly, which computes every number they show.',
    tryThis:
      'Open the page in a current browser with WebAssembly turned on (some hardened or lockdown settings ' +
      'turn it off). The text of the article reads without it.',
    retry: false,
  },
  download: {
    what: 'The engine that computes the figures could not be downloaded.',
    tryThis: AGAIN,
    retry: true,
  },
  damaged: {
    what: 'The engine that computes the figures arrived damaged or as the wrong kind of file.',
    tryThis:
      'Reload the page. If you host PE Explorer: serve engine/pe-engine.wasm unchanged, ' +
      'with the type application/wasm.',
    retry: true,
  },
  start: {
    what: 'The engine that computes the figures could not start.',
    tryThis: 'Reload the page; if it keeps failing, try another browser.',
    retry: true,
  },
  figure: {
    what: 'The code of this figure could not be loaded.',
    tryThis: AGAIN,
    retry: true,
  },
  mount: {
    what: 'This figure could not start.',
    tryThis: 'Reload the page; if it keeps failing, try another browser.',
    retry: true,
  },
};

/**
 * The reader's message for a load failure, or null for an error that is not one (an unknown figure id, say,
 * whose own message is the clearest thing to show).
 * @param {unknown} error
 * @returns {{ kind: string, what: string, tryThis: string, retry: boolean, detail: string } | null}
 */
export function describeLoadFailure(error) {
  const known =
    error instanceof EngineLoadError || error instanceof FigureLoadError || error instanceof FigureStartError;
  if (!known) return null;
  const { kind, message } = /** @type {{ kind: string, message: string }} */ (error);
  return { kind, ...MESSAGES[kind], detail: message };
}

/** Where PE Explorer's files come from: the origin of this module (the site's, a CDN's, or the blog's own). */
const FILES_ORIGIN = new URL(import.meta.url).origin;

/** The section of docs/embedding.md that gives each common host's headers. */
export const HOST_DOCS = 'docs/embedding.md, "What the host of PE Explorer must send"';

/**
 * For a file that could not be fetched by a page on another origin than PE Explorer's files (a blog with a
 * <pe-figure> element): what that host must send, or null when the page and the files share an origin (where
 * no header is needed) or the failure is not a download.
 * @param {string} kind a failure's kind (describeLoadFailure)
 * @param {string} [pageOrigin] the page's origin
 */
export function hostNote(kind, pageOrigin = location.origin) {
  if ((kind !== 'download' && kind !== 'figure') || pageOrigin === FILES_ORIGIN) return null;
  return (
    `This page loads PE Explorer's files from ${FILES_ORIGIN}. A browser lets a page on another site read ` +
    "them only if that host sends the header Access-Control-Allow-Origin: * (or this page's origin) with " +
    `every file, and .wasm files as application/wasm: see ${HOST_DOCS}.`
  );
}

/** The failures already written to the console (the article's figures share one engine, and one failure). */
const logged = new WeakSet();

/**
 * Writes the reader's message for `error` into element (in place of the figure) and logs the failure to the
 * console once. `retry`, when given and the failure is one that trying again can mend, is called by the "Try
 * again" button. Returns false, showing nothing, when `error` is not a load failure.
 * @param {HTMLElement} element
 * @param {unknown} error
 * @param {(() => void) | null} [retry]
 */
export function showLoadFailure(element, error, retry = null) {
  const failure = describeLoadFailure(error);
  if (!failure) return false;
  if (!logged.has(/** @type {object} */ (error))) {
    logged.add(/** @type {object} */ (error));
    // The one line a maintainer looking at the console finds: the failure, in the browser's own words.
    // eslint-disable-next-line no-console
    console.error(`PE Explorer: ${failure.detail}`);
  }
  const host = hostNote(failure.kind);
  replaceChildren(element, failureBox({ ...failure, host, retry: failure.retry && retry ? retry : null }));
  return true;
}
