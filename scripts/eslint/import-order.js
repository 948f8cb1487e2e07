// An ESLint rule, kept in the repository so that it needs no plugin: a module's imports come in three groups,
// in this order: packages ('d3-scale', 'katex'), then the project's own modules ('../ui/dom.js'), then
// side-effect imports of stylesheets ('./heatmap.css'). Within the first two groups, sources are in
// alphabetical order. `eslint --fix` sorts a block of imports that has no comments between them (moving an
// import could otherwise separate it from its comment).

const groupOf = (node) => {
  const source = String(node.source.value);
  if (node.specifiers.length === 0 && source.endsWith('.css')) return 2;
  return source.startsWith('.') ? 1 : 0;
};
const NAMES = ['package imports', 'project imports', 'stylesheet imports'];

export default {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    docs: { description: 'packages, then project modules (each alphabetical), then stylesheets' },
    schema: [],
    messages: {
      group: '{{ name }} come after {{ other }}.',
      order: "'{{ source }}' should come before '{{ previous }}' (alphabetical within a group).",
    },
  },
  create(context) {
    const source = context.sourceCode;
    return {
      Program(program) {
        const imports = program.body.filter((node) => node.type === 'ImportDeclaration');
        const fix = sorter(source, imports);
        for (let i = 1; i < imports.length; i += 1) {
          const previous = imports[i - 1];
          const node = imports[i];
          const [a, b] = [groupOf(previous), groupOf(node)];
          if (b < a) {
            context.report({ node, messageId: 'group', data: { name: NAMES[a], other: NAMES[b] }, fix });
          } else if (a === b && b < 2 && String(node.source.value) < String(previous.source.value)) {
            context.report({
              node,
              messageId: 'order',
              data: { source: String(node.source.value), previous: String(previous.source.value) },
              fix,
            });
          }
        }
      },
    };
  },
};

/** A fix that rewrites the import block in order, or null when the imports are not one comment-free block. */
function sorter(source, imports) {
  if (imports.length < 2) return null;
  const [first, last] = [imports[0], imports[imports.length - 1]];
  const between = source.getTokensBetween(first, last, { includeComments: true });
  const inside = new Set(imports.flatMap((node) => source.getTokens(node, { includeComments: true })));
  if (between.some((token) => !inside.has(token) && token.type !== 'Punctuator')) return null;
  if (
    source
      .getCommentsInside(first.parent)
      .some((c) => c.range[0] > first.range[0] && c.range[1] < last.range[1])
  ) {
    return null;
  }
  const key = (node) => [groupOf(node), String(node.source.value)];
  const sorted = [...imports].sort((x, y) => {
    const [gx, sx] = key(x);
    const [gy, sy] = key(y);
    return gx - gy || (gx < 2 && sx < sy ? -1 : gx < 2 && sx > sy ? 1 : 0);
  });
  const text = sorted.map((node) => source.getText(node)).join('\n');
  return (fixer) => fixer.replaceTextRange([first.range[0], last.range[1]], text);
}
