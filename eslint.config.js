import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import directions (docs/architecture.md, Layout): app and sw may use shared, server may use shared, shared uses
 * neither. Inside the app, a feature never imports another feature: what two features share lives in ui/ or lib/,
 * and the route files under routes/ compose features.
 */
const layer = (dir) => ({
  group: [`**/${dir}/*`, `**/${dir}`],
  message: `This layer must not import from src/${dir} (see docs/architecture.md, Layout).`,
});
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noImport = (...dirs) => restrict(dirs.map(layer));

const featuresDir = new URL('./src/app/features/', import.meta.url);
const dirsOf = (url) =>
  readdirSync(url, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = dirsOf(featuresDir);
const featureIsolation = features.map((feature) => ({
  files: [`src/app/features/${feature}/**/*.{ts,tsx}`],
  rules: restrict([
    layer('server'),
    ...features
      .filter((other) => other !== feature)
      .map((other) => ({
        group: [`**/features/${other}/*`, `../${other}/*`],
        message: `A feature must not import another feature (${other}): move what both need to ui/ or lib/, or compose them in a route (docs/architecture.md).`,
      })),
  ]),
}));

/**
 * A domain that several screens share is one feature whose screens are sub-folders beside a `common/` they all use
 * (the tournament: brackets, head-table, table). Its screens are kept apart as features are: one may import
 * `common/`, never another screen; `common/` imports no screen.
 */
const screenIsolation = features
  .filter((feature) => dirsOf(new URL(`${feature}/`, featuresDir)).includes('common'))
  .flatMap((feature) => {
    const parts = dirsOf(new URL(`${feature}/`, featuresDir));
    const screens = parts.filter((part) => part !== 'common');
    return parts.map((part) => ({
      files: [`src/app/features/${feature}/${part}/**/*.{ts,tsx}`],
      rules: restrict([
        layer('server'),
        ...features
          .filter((other) => other !== feature)
          .map((other) => ({
            group: [`**/features/${other}/*`, `../../${other}/*`],
            message: `A feature must not import another feature (${other}): move what both need to ui/ or lib/, or compose them in a route (docs/architecture.md).`,
          })),
        ...screens
          .filter((other) => other !== part)
          .map((other) => ({
            group: [`**/${feature}/${other}/*`, `../${other}/*`],
            message:
              part === 'common'
                ? `${feature}/common/ is what its screens share: it imports none of them (${other}).`
                : `A screen of ${feature} must not import another (${other}): what both need goes to ${feature}/common/ (docs/architecture.md).`,
          })),
      ]),
    }));
  });

/** Locator reads that wait for their element to exist (with no timeout of their own, up to the test's). */
const WAITING_READ =
  'CallExpression[callee.property.name=/^(textContent|innerText|innerHTML|inputValue|getAttribute|isChecked|boundingBox)$/]';

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
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
    // A value import cycle (a -> b -> a) works only while every use sits inside a function: one top-level use breaks
    // it, depending on load order. The lower module takes what it needs as a parameter instead.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...noImport('server'),
      // Every request of the app goes through the one client, lib/api.ts (headers, token, errors, connectivity).
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the API client in src/app/lib/api.ts.' }],
    },
  },
  { files: ['src/app/lib/api.ts', 'src/app/**/*.test.{ts,tsx}'], rules: { 'no-restricted-globals': 'off' } },
  ...featureIsolation,
  ...screenIsolation,
  // Code that only tests use is named `*.test-kit.ts(x)` and sits beside the tests that use it: the product never
  // imports it (a rule of its own, so that it adds to the import rules above instead of replacing them).
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-kit.{ts,tsx}', 'src/server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ImportExpression', 'ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({
          selector: `${node}[source.value=/\\.test-kit(\\.[jt]sx?)?$/]`,
          message: 'Only tests import a test kit (*.test-kit.ts): the product must not ship test code.',
        })),
      ],
    },
  },
  { files: ['sw/**/*.ts'], rules: noImport('server', 'app') },
  { files: ['src/server/**/*.ts'], rules: noImport('app') },
  // The server speaks through its one logger (src/server/log.ts); the command-line tools talk to their user.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/cli/**', 'src/server/**/*.test.ts', 'src/server/test/**'],
    rules: { 'no-console': 'error' },
  },
  // Only the files that start the app assemble it: a route or helper that imported app.ts would close a cycle
  // (app.ts imports every route); what a route needs comes from deps.ts.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/server.ts', 'src/server/test/**', 'src/server/**/*.test.ts'],
    rules: restrict([
      layer('app'),
      {
        group: ['**/app.ts'],
        message: 'Only server.ts and the test harness import app.ts; take AppDeps from deps.ts.',
      },
    ]),
  },
  // A read that waits for its element (textContent, getAttribute, ...) must not run inside a poll: when the screen
  // moves on between two reads, it waits for an element that is gone, past the poll's own timeout, and the poll
  // fails without saying what it saw (docs/testing.md). Polls read with calls that answer at once.
  {
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['poll', 'toPass'].map((retry) => ({
          // expect.poll(fn) holds fn among its arguments; expect(fn).toPass() in its callee: both are below the call.
          selector: `CallExpression[callee.property.name='${retry}'] ${WAITING_READ}`,
          message: `A waiting read inside expect.${retry === 'poll' ? 'poll' : '(...).toPass'} can hang past its timeout when the element goes: read with isVisible(), count(), evaluateAll() or allTextContents() (docs/testing.md).`,
        })),
      ],
    },
  },
  { files: ['src/shared/**/*.ts'], rules: noImport('app', 'server') },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
