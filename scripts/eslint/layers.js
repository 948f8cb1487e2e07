// An ESLint rule, kept in the repository so that it needs no plugin: the front end's layers, as
// docs/architecture.md draws them. A module in web/src/ may import only from the layers its own layer stands on;
// the few imports that run against that direction today are listed by name, so that no new one can appear
// unnoticed (and folding one away means deleting its line here).

/** Layers from the bottom up: each may use itself and those it lists. Paths are relative to web/src/. */
const LAYERS = [
  { name: 'engine', files: /^(engine|engine-worker|engine-inline|worker-calls)\.js$/, uses: [] },
  { name: 'ui', files: /^ui\//, uses: ['engine'] },
  { name: 'params', files: /^app\/(params|embed-options)\.js$/, uses: [] },
  { name: 'lab', files: /^lab\//, uses: ['engine', 'ui'] },
  { name: 'spec', files: /^app\/figure\.js$/, uses: ['engine', 'ui', 'params'] },
  { name: 'figures', files: /^figures\//, uses: ['engine', 'ui', 'params', 'lab', 'spec'] },
  { name: 'article', files: /^article\//, uses: ['engine', 'ui', 'params', 'lab', 'spec', 'figures'] },
  {
    name: 'page',
    files: /^(app|component)\//,
    uses: ['engine', 'ui', 'params', 'lab', 'spec', 'figures', 'article'],
  },
];

/** Imports against the direction that exist today: `from -> to`, both relative to web/src/. */
export const KNOWN_EXCEPTIONS = new Set([
  'ui/controls.js -> app/params.js',
  'ui/embed-dialog.js -> app/url-state.js',
  'ui/export-image.js -> app/params.js',
  'ui/fields.js -> app/params.js',
  'ui/frame.js -> app/params.js',
  'app/figure.js -> app/url-state.js',
  'figures/ranges.js -> article/flat-tail.js',
  'article/sinusoidal.js -> app/lazy.js',
]);

const layerOf = (path) => LAYERS.find((layer) => layer.files.test(path));

export default {
  meta: {
    type: 'problem',
    docs: { description: 'imports follow the layers of docs/architecture.md' },
    schema: [],
    messages: {
      against:
        "'{{ from }}' ({{ fromLayer }}) may not import '{{ to }}' ({{ toLayer }}): {{ fromLayer }} may use " +
        '{{ allowed }} (docs/architecture.md).',
    },
  },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const at = file.lastIndexOf('web/src/');
    if (at < 0) return {};
    const from = file.slice(at + 'web/src/'.length);
    const source = layerOf(from);
    if (!source) return {};
    const check = (node) => {
      const spec = String(node.source.value);
      if (!spec.startsWith('.')) return;
      const to = new URL(spec.replace(/\?.*$/, ''), `file:///src/${from}`).pathname.slice('/src/'.length);
      const target = layerOf(to);
      if (!target || target === source || source.uses.includes(target.name)) return;
      if (KNOWN_EXCEPTIONS.has(`${from} -> ${to}`)) return;
      context.report({
        node,
        messageId: 'against',
        data: {
          from,
          to,
          fromLayer: source.name,
          toLayer: target.name,
          allowed: source.uses.length > 0 ? source.uses.join(', ') : 'nothing else',
        },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: (n) => n.source && check(n),
      ExportAllDeclaration: check,
    };
  },
};
