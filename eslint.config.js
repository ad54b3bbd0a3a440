import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import directions (ARCHITECTURE.md): app and sw may use shared, server may use shared, shared uses neither. */
const noImport = (...dirs) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: dirs.map((dir) => ({
        group: [`**/${dir}/*`, `**/${dir}`],
        message: `This layer must not import from src/${dir} (see ARCHITECTURE.md, Layout).`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
      // TanStack Router's redirects are thrown by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noImport('server') },
  },
  { files: ['sw/**/*.ts'], rules: noImport('server', 'app') },
  { files: ['src/server/**/*.ts'], rules: noImport('app') },
  { files: ['src/shared/**/*.ts'], rules: noImport('app', 'server') },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
