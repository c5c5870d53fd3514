import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['dist', 'dist-server', 'data', 'node_modules', 'server/db/migrations', 'coverage', 'dev-dist'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.mjs', '*.config.ts', '*.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Wire contracts are bundled into both the browser app and the server: they may use zod and one another
    // and nothing else (no node:*, no DOM, no server or client module), so either side can import any of
    // them without pulling in the other side's code. (Which of them may use zod: .dependency-cruiser.cjs.)
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(?:/|$)|\\./[a-z-]+$)',
              message: 'A file in contracts/ imports nothing but zod and contracts.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: 'A file in contracts/ imports nothing but zod.' },
        {
          selector: "CallExpression[callee.name='require']",
          message: 'A file in contracts/ imports nothing but zod.',
        },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits, catches or marks `void` hides its failure, and one handed to
    // something that expects a plain callback is never awaited.
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}', 'sw/**/*.ts', 'contracts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['sw/**/*.ts', 'tests/unit/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
