// A blog as VitePress makes one, with PE Explorer's figures in its posts (tests/package/package.spec.js).
export default {
  title: 'A blog',
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  // <pe-figure> is a custom element, not a Vue component.
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'pe-figure' } } },
};
