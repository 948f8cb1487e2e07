// The Embed button under every figure and its dialog: the iframe snippet, the web component snippet and a link to
// the figure in the article, each for what the figure shows now (only parameters away from their defaults are
// written), each with a Copy button. The embeds' options (core/embed-options.js) are chosen above them: a plain
// figure, and which controls it shows; a preview (the iframe itself, made when the reader opens it and removed
// when it closes) shows the result. A native modal <dialog>:
// the browser keeps focus inside it and closes it on Escape; focus then returns to the button.
import {
  articleUrl,
  componentSnippet,
  embedUrl,
  iframeSnippet,
  LINK_EVENT,
  writeQuery,
} from '../core/url.js';
import { h, uid } from './dom.js';

/** @typedef {{ plain: boolean, shown: string[], all: string[] }} EmbedChoice */

/**
 * @param {{ id: string, title: string, entries: () => [string, string][],
 *   controls: () => { name: string, label: string }[],
 *   options: (choice: EmbedChoice) => [string, string][] }} figure the figure's id and title, its parameters
 *   that differ from the defaults, as [URL name, text], those that have a control (URL name and label), and
 *   the embed options chosen as URL entries (core/embed-options.js's embedEntries)
 * @returns {HTMLButtonElement}
 */
export function embedButton({ id, title, entries, controls, options }) {
  const button = /** @type {HTMLButtonElement} */ (
    h('button', { type: 'button', class: 'pe-button', 'aria-haspopup': 'dialog' }, 'Embed')
  );
  button.addEventListener('click', () => {
    // Made for each opening and gone when closed, so that a page whose dialogs were opened keeps nothing of them.
    const dialog = buildDialog(title, controls(), () => button.focus());
    const current = entries();
    // Beside the button, so that it goes with the figure; shown in the top layer.
    button.after(dialog.element);
    dialog.onChoice((choice) => snippets(button, id, title, current, options(choice)));
    dialog.element.showModal();
  });
  return button;
}

/**
 * The texts for the figure's current parameters and the embed options chosen, as absolute URLs from the page's
 * own address; the link to the article carries the parameters only (the article shows every figure whole).
 */
function snippets(button, id, title, entries, options) {
  const page = window.location.href;
  // The article answers with its whole state (every figure and the section bar); elsewhere (the embed page) the
  // link carries this figure's parameters only.
  const request = { id, href: '' };
  button.dispatchEvent(new CustomEvent(LINK_EVENT, { bubbles: true, detail: request }));
  const embedded = [...entries, ...options];
  const src = embedUrl(page, id, embedded);
  return {
    src,
    iframe: iframeSnippet(src, title),
    component: componentSnippet(page, id, embedded),
    link: request.href || articleUrl(page, writeQuery([[id, entries]]), id, false),
  };
}

/**
 * The embed options to choose: a plain figure, and a checkbox for each control (all ticked: every control
 * shown, as by default). `onChange` gets the EmbedChoice (URL names) on every change.
 * @param {{ name: string, label: string }[]} controls
 */
function optionFields(controls, onChange) {
  const plain = checkbox(
    'Plain: the figure alone (no title, caption, data table or menu)',
    false,
    'pe-embed-plain',
  );
  const boxes = controls.map(({ name, label }) => ({
    name,
    // The control's label, and the URL name the snippets write when it differs.
    ...checkbox(
      label.toLowerCase() === name.toLowerCase() ? label : `${label} (${name})`,
      true,
      'pe-embed-control',
    ),
  }));
  const all = controls.map(({ name }) => name);
  const choice = () => ({
    plain: plain.input.checked,
    shown: boxes.filter((box) => box.input.checked).map((box) => box.name),
    all,
  });
  const element = h(
    'fieldset',
    { class: 'pe-embed-options' },
    h('legend', {}, 'Embed options'),
    plain.element,
    controls.length === 0
      ? null
      : h(
          'fieldset',
          { class: 'pe-embed-controls' },
          h('legend', {}, 'Controls shown (the others stay as they are now)'),
          boxes.map((box) => box.element),
        ),
  );
  element.addEventListener('change', () => onChange(choice()));
  return { element, choice };
}

/** A checkbox and its label, as one line. */
function checkbox(label, checked, className) {
  const id = uid('embed-option');
  const input = /** @type {HTMLInputElement} */ (h('input', { id, type: 'checkbox', checked }));
  return { input, element: h('div', { class: className }, input, h('label', { for: id }, label)) };
}

function buildDialog(title, controls, onClose) {
  const headingId = uid('embed-title');
  const status = h('p', { class: 'pe-embed-status', role: 'status', 'aria-live': 'polite' });
  const fields = {
    iframe: field('Embed with an iframe', 'textarea', status),
    component: field('Embed with the web component', 'textarea', status),
    link: field('Link to this figure', 'input', status),
  };
  const close = h('button', { type: 'button', class: 'pe-button' }, 'Close');
  /** @type {(choice: EmbedChoice) => void} */
  let changed = () => {};
  const options = optionFields(controls, (choice) => changed(choice));
  // The iframe snippet itself (a second copy of the figure and its engine), made when the preview is opened and
  // removed when it closes, so that a closed dialog keeps no page of its own: it reports its height (embed.js).
  /** @type {HTMLIFrameElement | null} */
  let preview = null;
  const previewBox = /** @type {HTMLDetailsElement} */ (
    h('details', { class: 'pe-embed-field pe-embed-preview-box' }, h('summary', {}, 'Preview'))
  );
  let src = '';
  const showPreview = () => {
    if (!previewBox.open) {
      preview?.remove();
      preview = null;
      return;
    }
    preview ??= previewBox.appendChild(
      /** @type {HTMLIFrameElement} */ (
        h('iframe', { class: 'pe-embed-preview', title: `Preview: ${title}` })
      ),
    );
    if (preview.src !== src) preview.src = src;
  };
  previewBox.addEventListener('toggle', showPreview);
  const onMessage = (/** @type {MessageEvent} */ event) => {
    if (!preview || event.source !== preview.contentWindow || event.data?.type !== 'pe-explorer:height')
      return;
    const height = Number(event.data.height);
    if (Number.isFinite(height) && height > 0) preview.style.height = `${Math.ceil(height)}px`;
  };
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
      options.element,
      previewBox,
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
  // The dialog leaves the page when closed, and the preview's frame, with its figure, goes with it.
  element.addEventListener('close', () => {
    window.removeEventListener('message', onMessage);
    element.remove();
    onClose();
  });
  return {
    element,
    /**
     * Fills the texts and the preview now and on every change of the options, with `make`'s texts for them.
     * @param {(choice: EmbedChoice) => { src: string, iframe: string, component: string, link: string }} make
     */
    onChoice(make) {
      changed = (choice) => {
        const { src: next, ...texts } = make(choice);
        for (const [key, text] of Object.entries(texts)) fields[key].input.value = text;
        src = next;
        showPreview();
      };
      window.addEventListener('message', onMessage);
      changed(options.choice());
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
