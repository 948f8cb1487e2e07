// The Embed button under every figure and its dialog: the iframe snippet, the web component snippet and a link to
// the figure in the article, each for what the figure shows now (only parameters away from their defaults are
// written), each with a Copy button. A native modal <dialog>: the browser keeps focus inside it and closes it
// on Escape; focus then returns to the button.
import {
  articleUrl,
  componentSnippet,
  embedUrl,
  iframeSnippet,
  LINK_EVENT,
  writeQuery,
} from '../app/url-state.js';
import { h, uid } from './dom.js';

/**
 * @param {{ id: string, title: string, entries: () => [string, string][] }} figure the figure's id and title,
 *   and its parameters that differ from the defaults, as [URL name, text]
 * @returns {HTMLButtonElement}
 */
export function embedButton({ id, title, entries }) {
  const button = /** @type {HTMLButtonElement} */ (
    h('button', { type: 'button', class: 'pe-button', 'aria-haspopup': 'dialog' }, 'Embed')
  );
  /** @type {ReturnType<typeof buildDialog> | null} */
  let dialog = null;
  button.addEventListener('click', () => {
    dialog ??= buildDialog(title, () => button.focus());
    // Beside the button, so that it goes with the figure; shown in the top layer.
    if (!dialog.element.isConnected) button.after(dialog.element);
    dialog.fill(snippets(button, id, title, entries()));
    dialog.element.showModal();
  });
  return button;
}

/** The three texts for the figure's current parameters, as absolute URLs from the page's own address. */
function snippets(button, id, title, entries) {
  const page = window.location.href;
  // The article answers with its whole state (every figure and the section bar); elsewhere (the embed page) the
  // link carries this figure's parameters only.
  const request = { id, href: '' };
  button.dispatchEvent(new CustomEvent(LINK_EVENT, { bubbles: true, detail: request }));
  return {
    iframe: iframeSnippet(embedUrl(page, id, entries), title),
    component: componentSnippet(page, id, entries),
    link: request.href || articleUrl(page, writeQuery([[id, entries]]), id, false),
  };
}

function buildDialog(title, onClose) {
  const headingId = uid('embed-title');
  const status = h('p', { class: 'pe-embed-status', role: 'status', 'aria-live': 'polite' });
  const fields = {
    iframe: field('Embed with an iframe', 'textarea', status),
    component: field('Embed with the web component', 'textarea', status),
    link: field('Link to this figure', 'input', status),
  };
  const close = h('button', { type: 'button', class: 'pe-button' }, 'Close');
  const element = /** @type {HTMLDialogElement} */ (
    h(
      'dialog',
      { class: 'pe-embed-dialog', 'aria-labelledby': headingId },
      h('h2', { id: headingId, class: 'pe-embed-heading' }, `Embed or share: ${title}`),
      h(
        'p',
        { class: 'pe-embed-note' },
        'Each shows the figure as it is now. The figure keeps working where it is embedded.',
      ),
      fields.iframe.element,
      fields.component.element,
      h(
        'p',
        { class: 'pe-embed-note pe-embed-host' },
        "The web component loads PE Explorer's files from this site, so its host must send the header " +
          'Access-Control-Allow-Origin: * with every file, and .wasm files as application/wasm ' +
          '(docs/embedding.md, "What the host of PE Explorer must send"). The iframe needs neither.',
      ),
      fields.link.element,
      status,
      h('div', { class: 'pe-embed-close' }, close),
    )
  );
  close.addEventListener('click', () => element.close());
  element.addEventListener('close', () => {
    status.textContent = '';
    onClose();
  });
  return {
    element,
    /** @param {{ iframe: string, component: string, link: string }} texts */
    fill(texts) {
      for (const [key, text] of Object.entries(texts)) fields[key].input.value = text;
    },
  };
}

/** A labelled read-only text with its Copy button. */
function field(label, tag, status) {
  const id = uid('embed-field');
  const input = /** @type {HTMLInputElement | HTMLTextAreaElement} */ (
    h(tag, {
      id,
      class: 'pe-embed-text',
      readonly: true,
      spellcheck: 'false',
      ...(tag === 'textarea' ? { rows: 4 } : { type: 'url' }),
    })
  );
  const copy = h('button', { type: 'button', class: 'pe-button', 'aria-label': `Copy: ${label}` }, 'Copy');
  copy.addEventListener('click', () => copyText(input, status, label));
  const element = h(
    'div',
    { class: 'pe-embed-field' },
    h('div', { class: 'pe-embed-field-head' }, h('label', { for: id }, label), copy),
    input,
  );
  return { element, input };
}

/**
 * Copies the field's text with the Clipboard API; where that is missing or refused, selects the text and tries
 * the older copy command, and failing that asks the reader to copy the selection.
 */
async function copyText(input, status, label) {
  const say = (text) => {
    // The same words twice in a row would not be announced again.
    status.textContent = status.textContent === text ? `${text}.` : text;
  };
  try {
    await navigator.clipboard.writeText(input.value);
    say(`Copied: ${label}`);
    return;
  } catch {
    // Fall through to selecting the text.
  }
  input.focus();
  input.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    // Left false: the reader copies the selection.
  }
  say(copied ? `Copied: ${label}` : 'Selected: press Ctrl+C (Cmd+C on a Mac) to copy');
}
