// The lab's configuration defaults as the contract states them: read from the "Configuration" table of
// docs/lab-model.md, so that the tests hold the engine and web/src/lab/defaults.js to the document itself.
import { readFileSync } from 'node:fs';

const doc = readFileSync(new URL('../../docs/lab-model.md', import.meta.url), 'utf8');
const section = doc.slice(
  doc.indexOf('## Configuration'),
  doc.indexOf('\n## ', doc.indexOf('## Configuration') + 1),
);

/** A default cell as a value: `previous` -> "previous", 3e-3 -> 0.003, true -> true, "50 (or ...)" -> 50. */
function valueOf(field, cell) {
  const text = cell.replace(/`/g, '').trim();
  // "the task's": the default task, previous, is per token and causal (the document's "Tasks").
  if (field === 'causal' && text === "the task's") return true;
  if (text === 'true' || text === 'false') return text === 'true';
  const number = Number(text.split(' ')[0]);
  return Number.isFinite(number) ? number : text;
}

const rows = section
  .split('\n')
  .filter((line) => /^\| `\w+`/.test(line))
  .map((line) => line.split('|').map((cell) => cell.trim()));

/** Every field of the contract's table with its default, in the table's order. */
export const CONTRACT_DEFAULTS = Object.freeze(
  Object.fromEntries(
    rows.map(([, name, , value]) => {
      const field = name.replace(/`/g, '');
      return [field, valueOf(field, value)];
    }),
  ),
);
