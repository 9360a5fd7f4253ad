// Lint rules live here, not in prose: typescript-eslint's recommended set for TypeScript, Astro's
// for pages. Formatting is Prettier's job (.prettierrc.json), so no style rules here.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.dist-next/',
      '.dist-previous/',
      '.astro/',
      '.netlify/',
      '.generated/',
      '.build-cache/',
      '.cache/',
      '.config/',
      'node_modules/',
      'test-results/',
      'bench-results/',
      'screenshots/',
      '.editor/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
