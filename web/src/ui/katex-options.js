// KaTeX's options, one copy for the page (ui/math.js) and the build, which typesets the article's fixed formulas
// into its HTML (scripts/vite/typeset-math.js).
export const KATEX_OPTIONS = Object.freeze({ throwOnError: false, output: 'htmlAndMathml' });
