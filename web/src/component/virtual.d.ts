// Modules that only vite.package.config.js writes.
declare module 'virtual:pe-font-faces' {
  /** KaTeX's @font-face rules, each font's URL relative to the module (so a bundler copies the font). */
  const css: string;
  export default css;
}
declare module 'virtual:pe-element-styles' {
  /** The element's stylesheet (assets/pe-figure.css of the site's build), as text. */
  const css: string;
  export default css;
}
