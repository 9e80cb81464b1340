import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The layering rules of ../shared/design/architecture.md, enforced: a wrong import fails
 * `npm run lint`. Each entry forbids, for the files it names, imports whose path matches one
 * of the patterns (gitignore syntax, matched against the import string as written).
 */
const LOOM = 'packages/loom/src';

/** Layer folders of Loom by the import strings that reach them from a sibling folder. */
const loomLayer = {
  syntax: ['**/syntax/*', '**/syntax/**'],
  check: ['**/check/*', '**/check/**'],
  emit: ['**/emit/*', '**/emit/**'],
  runtime: ['**/runtime/*', '**/runtime/**'],
  cli: ['**/cli/*', '**/cli/**', '**/cli.js'],
  // The front end's entry (src/compile.ts), not the template compiler on neutral ground.
  compile: ['**/compile.js', '!**/language/template/compile.js'],
  diagnostics: ['**/diagnostics/*'],
};

function forbid(message, ...groups) {
  return { group: groups.flat(), message };
}

function layer(files, ...patterns) {
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

const otherProduct = {
  loom: forbid('Lectern and Loom are separate products: neither imports the other.', '**/lectern/**', '@lectern/lectern', '@lectern/lectern/**'),
  lectern: forbid('Lectern and Loom are separate products: neither imports the other.', '**/loom/**', '@lectern/loom', '@lectern/loom/**'),
};

const layering = [
  // Neutral ground: names, suggestions, source maps, template compiling. Every stage may use it.
  layer([`${LOOM}/language/**`], otherProduct.loom,
    forbid('language/ is neutral ground below every stage: it imports none of them.',
      loomLayer.syntax, loomLayer.check, loomLayer.emit, loomLayer.runtime, loomLayer.cli, loomLayer.compile, loomLayer.diagnostics)),
  layer([`${LOOM}/syntax/**`], otherProduct.loom,
    forbid('Data flows syntax → check → emit → runtime: the parser imports no later stage.',
      loomLayer.check, loomLayer.emit, loomLayer.runtime, loomLayer.cli, loomLayer.compile, loomLayer.diagnostics)),
  layer([`${LOOM}/check/**`], otherProduct.loom,
    forbid('Data flows syntax → check → emit → runtime: the checker imports no later stage.',
      loomLayer.emit, loomLayer.runtime, loomLayer.cli, loomLayer.compile, loomLayer.diagnostics)),
  layer([`${LOOM}/emit/**`], otherProduct.loom,
    forbid('The emitter reads the program through the analysis it is handed (check/analysis.ts), and never imports the runtime it targets.',
      loomLayer.check, '!**/check/analysis.js', loomLayer.runtime, loomLayer.cli, loomLayer.diagnostics)),
  layer([`${LOOM}/runtime/**`], otherProduct.loom,
    forbid('The runtime never imports the compiler; what both need sits in language/ (a Span type is the one thing it reads from syntax/).',
      loomLayer.syntax, '!**/syntax/spans.js', loomLayer.check, loomLayer.emit, loomLayer.cli, loomLayer.compile)),
  layer([`${LOOM}/diagnostics/**`, `${LOOM}/*.ts`, `${LOOM}/cli/**`, 'packages/loom/test/**', 'packages/loom/bin/**'], otherProduct.loom),
  layer(['packages/lectern/**'], otherProduct.lectern),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.loom/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Promise rules need type information: a promise dropped on the floor is an unhandled
    // rejection waiting to happen, and an async callback where a void one is expected (an
    // event listener, a Fastify hook written the old way) loses its errors.
    files: ['packages/*/src/**/*.ts', 'packages/*/test/**/*.ts', 'packages/*/bin/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', {
        // node:test's test() and suite() return promises the runner itself awaits.
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] }],
      }],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  ...layering,
);
