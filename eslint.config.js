import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    ignores: [
      'build/',
      'dist/',
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
    rules: { 'no-console': 'error' },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.{js,mjs}', 'bench/**/*.mjs', '*.config.js'],
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
