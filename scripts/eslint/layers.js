// An ESLint rule, kept in the repository so that it needs no plugin: the front end's layers, as
// docs/architecture.md draws them. A module in web/src/ may import only from its own layer and the layers that
// layer stands on; an import against that direction fails the lint, naming both layers.

/** Layers from the bottom up: each may use itself and those it lists. Paths are relative to web/src/. */
export const LAYERS = [
  { name: 'core', files: /^core\//, uses: [] },
  { name: 'engine', files: /^engine\//, uses: [] },
  { name: 'models', files: /^models\//, uses: [] },
  { name: 'ui', files: /^ui\//, uses: ['core', 'engine'] },
  { name: 'lab', files: /^lab\//, uses: ['core', 'engine', 'ui'] },
  { name: 'figures', files: /^figures\//, uses: ['core', 'engine', 'models', 'ui', 'lab'] },
  { name: 'article', files: /^article\//, uses: ['core', 'engine', 'models', 'ui', 'lab', 'figures'] },
  {
    name: 'page',
    files: /^(app|component)\//,
    uses: ['core', 'engine', 'models', 'ui', 'lab', 'figures', 'article'],
  },
];

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
      outside:
        "'{{ from }}' is in no layer: put it in a folder of web/src/ that docs/architecture.md and LAYERS in " +
        'scripts/eslint/layers.js name.',
    },
  },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const at = file.lastIndexOf('web/src/');
    if (at < 0) return {};
    const from = file.slice(at + 'web/src/'.length);
    const source = layerOf(from);
    if (!source) {
      return /\.[cm]?js$/.test(from)
        ? { Program: (node) => context.report({ node, messageId: 'outside', data: { from } }) }
        : {};
    }
    const check = (node) => {
      // A dynamic import with a computed path (the engine's own files) is not a module of web/src/.
      if (node.source.type !== 'Literal') return;
      const spec = String(node.source.value);
      if (!spec.startsWith('.')) return;
      const to = new URL(spec.replace(/\?.*$/, ''), `file:///src/${from}`).pathname.slice('/src/'.length);
      const target = layerOf(to);
      if (!target || target === source || source.uses.includes(target.name)) return;
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
      ImportExpression: check,
    };
  },
};
