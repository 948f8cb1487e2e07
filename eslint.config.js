import js from '@eslint/js';
import globals from 'globals';
import importOrder from './scripts/eslint/import-order.js';
import layers from './scripts/eslint/layers.js';

export default [
  {
    ignores: [
      'build/',
      'dist/',
      'dist-single/',
      'dist-package/',
      'node_modules/',
      'web/public/engine/',
      'test-results/',
      'playwright-report/',
      'artifacts/',
      '.cache/',
    ],
  },
  js.configs.recommended,
  {
    files: ['web/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { pe: { rules: { 'import-order': importOrder, layers } } },
    rules: {
      'no-console': 'error',
      // One module does one thing: a figure too big for a file becomes a folder of panels.
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      complexity: ['error', 20],
      'max-depth': ['error', 4],
      'pe/import-order': 'error',
      // Who may import whom (docs/architecture.md).
      'pe/layers': 'error',
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'tests/**/*.{js,mjs}', 'bench/**/*.mjs', '*.config.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Emscripten splices these into its generated module, where Module, process and the runtime helpers exist.
    files: ['cpp/bindings/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        ...globals.browser,
        Module: 'writable',
        process: 'readonly',
        addOnPostRun: 'readonly',
        _scriptDir: 'readonly',
      },
    },
  },
];
