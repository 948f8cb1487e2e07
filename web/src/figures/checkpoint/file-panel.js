// The reader's own checkpoint: picked with a labelled file input (the keyboard reaches it) or dropped on the
// panel, read where it lies (models/open.js: the header, then only the position tensors, by File.slice; nothing
// leaves the machine), and shown with the gallery's panel for its config and the table view for a learned
// table. Every failure is a message in the panel; the figure goes on.
import { getModels } from '../../engine/engine.js';
import { inTask } from '../../engine/task.js';
import { HubError, ModelFileError } from '../../models/errors.js';
import { openHubModel } from '../../models/hub.js';
import { openModel } from '../../models/open.js';
import { h, replaceChildren, uid } from '../../ui/dom.js';
import { formatInt } from '../../ui/format.js';
import { engineRecovery } from '../../ui/recover.js';
import { hubForm } from './hub-form.js';
import { modelPanel } from './model-panel.js';
import { analyseSetting } from './setting.js';
import { t5View } from './t5-view.js';
import { analyseTable } from './table-analysis.js';
import { tableView } from './table-view.js';

/** The most files one drop or pick may hold (the shards of a large model and their index). */
const MAX_FILES = 256;

/** Bytes as a reader reads them: 3.1 MB, 548.1 MB, 12 kB. */
export function bytesText(bytes) {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(0)} kB`;
  return `${formatInt(bytes)} bytes`;
}

/**
 * @param {{ engine: import('../../../../cpp/bindings/pe-engine.d.ts').PeEngine,
 *   readout: (text: string) => void }} options
 */
export function filePanel({ engine, readout }) {
  const id = uid('pe-ckpt-file');
  const input = h('input', {
    type: 'file',
    id,
    multiple: true,
    accept: '.safetensors,.gguf,.json',
    class: 'pe-ckpt-input',
  });
  const status = h('p', { class: 'pe-ckpt-status', role: 'status', 'data-readout': 'file-status' });
  const error = h('p', { class: 'pe-ckpt-error', role: 'alert', hidden: true });
  const choose = h('select', { class: 'pe-ckpt-tensor', 'aria-label': 'Position tensor to show' });
  const chooser = h('label', { class: 'pe-ckpt-chooser', hidden: true }, 'Tensor ', choose);
  const config = modelPanel({ name: 'file', readout });
  const table = tableView(readout);
  const t5 = t5View(readout);
  const result = h('div', { class: 'pe-ckpt-result' });
  const drop = h(
    'div',
    { class: 'pe-ckpt-drop' },
    h(
      'label',
      { for: id },
      'Open your own checkpoint: a .safetensors file (or its shards with model.safetensors.index.json), a .gguf file, or a config.json',
    ),
    input,
    h(
      'p',
      { class: 'pe-ckpt-privacy' },
      'Or drop the files here. They are read where they lie, in this page: the header, then only the position ' +
        'tensors. Nothing is uploaded.',
    ),
  );
  const hub = hubForm({
    onRead: (modelId, endpoint) =>
      load(
        () => openHubModel(modelId, { endpoint }),
        `Reading ${modelId || 'the model'} from the Hub\u2026`,
        null,
      ),
  });
  const element = h('div', { class: 'pe-ckpt-own' }, drop, hub.element, status, error, chooser, result);
  /** @type {Awaited<ReturnType<typeof openModel>> | null} */
  let opened = null;
  /** The files opened, or null for a model read from the Hub. @type {File[] | null} */
  let files = [];
  let turn = 0;
  const recovery = engineRecovery(
    { showFailure: (box) => (box ? replaceChildren(result, box) : undefined) },
    () => refresh(),
  );

  function fail(message) {
    error.hidden = false;
    error.textContent = message;
  }

  /** Shows the opened file again (another tensor chosen, or the engine restarted under it). */
  function refresh() {
    const mine = ++turn;
    error.hidden = true;
    show(mine).catch((caught) => {
      if (mine === turn && !recovery.handle(caught))
        fail(caught instanceof Error ? caught.message : String(caught));
    });
  }

  function open(list) {
    if (list.length === 0) return;
    if (list.length > MAX_FILES) {
      ++turn;
      fail(`${formatInt(list.length)} files were given; at most ${MAX_FILES} are read at once.`);
      return;
    }
    load(
      () => openModel(list),
      `Reading ${list.length === 1 ? list[0].name : `${list.length} files`}\u2026`,
      list,
    );
  }

  /** Opens a model (`opening`), saying `reading` meanwhile; `list` is the files opened, null for the Hub. */
  async function load(opening, reading, list) {
    const mine = ++turn;
    error.hidden = true;
    status.textContent = reading;
    try {
      // Each read settles in a task of its own: the drawing that follows runs there (engine/task.js).
      const model = await inTask(opening());
      if (mine !== turn) return;
      opened = model;
      files = list;
      const choices = [...model.positions.found, ...model.positions.candidates];
      replaceChildren(
        choose,
        ...choices.map((t) => h('option', { value: t.name }, `${t.name} [${t.shape.join(' \u00d7 ')}]`)),
      );
      chooser.hidden = choices.length < 2;
      await show(mine);
    } catch (caught) {
      if (mine !== turn) return;
      if (recovery.handle(caught)) return;
      opened = null;
      replaceChildren(result);
      status.textContent = '';
      const known = caught instanceof ModelFileError || caught instanceof HubError;
      fail(known ? caught.message : `The file could not be read: ${String(caught)}`);
    }
  }

  /** The panel of the file's setting (config.json or the GGUF metadata), or null. */
  function settingPart(models) {
    if (!opened?.setting) return null;
    config.draw(analyseSetting(engine, models, opened.setting), {
      title: 'Its configuration',
      href: null,
      source:
        !files || files.some((f) => f.name === 'config.json')
          ? 'From your config.json.'
          : 'From the file\u2019s metadata.',
      fields: null,
    });
    return config.element;
  }

  /** The view of the chosen tensor: T5's bias, or a learned table (a found one, or any 2-D tensor picked). */
  function tensorPart(models, name, tensor) {
    if (!tensor || tensor.shape.length !== 2) return null;
    const entry = opened.positions.found.find((t) => t.name === name);
    if (entry?.kind === 't5-bias') {
      t5.draw(models, tensor, { role: entry.role, maxDistance: opened.setting?.t5?.maxDistance ?? null });
      return t5.element;
    }
    if (entry && entry.kind !== 'learned') return null;
    table.draw({ ...analyseTable(models, tensor, entry?.firstPosition ?? 0), name });
    return table.element;
  }

  async function show(mine) {
    if (!opened) return;
    const models = getModels();
    const name = choose.value;
    const tensor = name ? await inTask(opened.read(name)) : null;
    if (mine !== turn) return;
    const parts = [settingPart(models), tensorPart(models, name, tensor)].filter((p) => p !== null);
    replaceChildren(result, ...parts);
    recovery.drew();
    const from = files
      ? `of ${bytesText(files.reduce((sum, f) => sum + f.size, 0))}`
      : `from ${/** @type {any} */ (opened).hosts().join(' and ')}`;
    status.textContent =
      `Read ${bytesText(opened.bytesRead())} ${from}` +
      (name ? ` (the header and ${name})` : ' (the header)') +
      (parts.length === 0 ? '. No position tensor or setting was found.' : '.');
  }

  input.addEventListener('change', () => open([...(input.files ?? [])]));
  choose.addEventListener('change', refresh);
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('pe-ckpt-over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('pe-ckpt-over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('pe-ckpt-over');
    open([...(event.dataTransfer?.files ?? [])]);
  });

  return {
    element,
    /** Opens files as a pick or a drop would (tests, and the lab's "open in the inspector"). */
    open,
    destroy() {
      turn += 1;
      recovery.destroy();
      config.destroy();
      table.destroy();
      t5.destroy();
    },
  };
}
