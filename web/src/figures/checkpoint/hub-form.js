// The Hub on request: a model id, the endpoint (huggingface.co, or a mirror), and a button that names the host it
// will contact. Nothing is fetched until the button is pressed; the reading itself is models/hub.js's.
import { DEFAULT_ENDPOINT, MAX_ENDPOINT_LENGTH } from '../../models/hub.js';
import { h, uid } from '../../ui/dom.js';

/** A model id is "owner/name": two parts of at most 96 characters and the slash. */
const MAX_ID_LENGTH = 2 * 96 + 1;

/** The host of an endpoint as typed, or null while it is not a URL. */
function hostOf(text) {
  try {
    return new URL(text).host || null;
  } catch {
    return null;
  }
}

/** @param {{ onRead: (modelId: string, endpoint: string) => void }} options */
export function hubForm({ onRead }) {
  const [idField, endpointField] = [uid('pe-ckpt-hub-id'), uid('pe-ckpt-hub-endpoint')];
  const modelId = h('input', {
    type: 'text',
    id: idField,
    class: 'pe-ckpt-hub-id',
    maxlength: MAX_ID_LENGTH,
    placeholder: 'gpt2, google-t5/t5-small, meta-llama/Llama-3.1-8B',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const endpoint = h('input', {
    type: 'url',
    id: endpointField,
    class: 'pe-ckpt-hub-endpoint',
    maxlength: MAX_ENDPOINT_LENGTH,
    value: DEFAULT_ENDPOINT,
  });
  const button = h('button', { type: 'submit', class: 'pe-button pe-ckpt-hub-read' });
  const name = () => {
    button.textContent = `Read from ${hostOf(endpoint.value.trim()) ?? 'the endpoint'}`;
  };
  name();
  endpoint.addEventListener('input', name);
  const form = h(
    'form',
    { class: 'pe-ckpt-hub' },
    h('label', { for: idField }, 'Or read a model from the Hugging Face Hub by its id'),
    h('div', { class: 'pe-ckpt-hub-row' }, modelId, button),
    h(
      'details',
      { class: 'pe-ckpt-hub-mirror' },
      h('summary', {}, 'Endpoint (a mirror)'),
      h('label', { for: endpointField }, 'Endpoint '),
      endpoint,
    ),
    h(
      'p',
      { class: 'pe-ckpt-privacy' },
      'Only when you press the button, the page asks that host for the model\u2019s config.json, then the ' +
        'safetensors header, then only the position tensors, by HTTP range requests. Gated models need a login ' +
        'the page does not have.',
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onRead(modelId.value.trim(), endpoint.value.trim());
  });
  return { element: form };
}
