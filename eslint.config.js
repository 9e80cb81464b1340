import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The layering rules of ../shared/design/architecture.md, enforced: a wrong import fails
 * `npm run lint`. Each entry forbids, for the files it names, imports whose path matches one
 * of the patterns (gitignore syntax, matched against the import string as written).
 */
const LOOM = 'packages/loom/src';
const LECTERN = 'packages/lectern/src';

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

/** The one reader of types written as strings; every later stage gets the tree it read. */
const typeStringReader = forbid(
  'Only the checker reads a type written as a string (check/type-strings.ts); other stages get the tree from its analysis.',
  '**/type-strings.js',
);

function forbid(message, ...groups) {
  return { group: groups.flat(), message };
}

function layer(files, ...patterns) {
  return {
    files,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
}

/**
 * Imports of a sibling feature's files (`../entries/store.js` from features/notes/) other than
 * the modules named in `allowed`, which are that feature's public face. `depth` is how many
 * folders below its feature's folder the importing file is (features/audio/speech/x.ts: 1): from
 * there `../other/` is a folder of the same feature, and another feature is one `../` further.
 */
function otherFeatureInternals(message, allowed, depth = 0) {
  const toFeatures = '\\.\\./'.repeat(depth + 1);
  return { regex: `^${toFeatures}(?!\\.\\.)[^/]+/(?!(?:${allowed.join('|')})\\.js$).+$`, message };
}

/** How deep below a feature's folder Lectern's sources go (features/audio/speech/vocabulary/x.ts: 2). */
const FEATURE_FOLDER_DEPTH_MAX = 3;

/** Lectern's parts by the import strings that reach them from a sibling folder. */
const lecternPart = {
  features: ['**/features/*', '**/features/**'],
  answerEngine: ['**/answer-engine/*', '**/answer-engine/**'],
  host: ['**/app.js', '**/serve.js', '**/cli.js'],
};

const otherProduct = {
  loom: forbid('Lectern and Loom are separate products: neither imports the other.', '**/lectern/**', '@lectern/lectern', '@lectern/lectern/**'),
  lectern: forbid('Lectern and Loom are separate products: neither imports the other.', '**/loom/**', '@lectern/loom', '@lectern/loom/**'),
};

const layering = [
  // Neutral ground: names, suggestions, source maps, template compiling. Every stage may use it.
  layer([`${LOOM}/language/**`], otherProduct.loom, typeStringReader,
    forbid('language/ is neutral ground below every stage: it imports none of them.',
      loomLayer.syntax, loomLayer.check, loomLayer.emit, loomLayer.runtime, loomLayer.cli, loomLayer.compile, loomLayer.diagnostics)),
  layer([`${LOOM}/syntax/**`], otherProduct.loom, typeStringReader,
    forbid('Data flows syntax → check → emit → runtime: the parser imports no later stage.',
      loomLayer.check, loomLayer.emit, loomLayer.runtime, loomLayer.cli, loomLayer.compile, loomLayer.diagnostics)),
  layer([`${LOOM}/check/**`], otherProduct.loom,
    forbid('Data flows syntax → check → emit → runtime: the checker imports no later stage.',
      loomLayer.emit, loomLayer.runtime, loomLayer.cli, loomLayer.compile, loomLayer.diagnostics)),
  layer([`${LOOM}/emit/**`], otherProduct.loom, typeStringReader,
    forbid('The emitter reads the program through the analysis it is handed (check/analysis.ts), and never imports the runtime it targets or the front end that calls it (compile.ts).',
      loomLayer.check, '!**/check/analysis.js', loomLayer.runtime, loomLayer.cli, loomLayer.diagnostics, loomLayer.compile)),
  layer([`${LOOM}/runtime/**`], otherProduct.loom, typeStringReader,
    forbid('The runtime never imports the compiler; what both need (spans, type descriptors, builtin and std names) sits in language/.',
      loomLayer.syntax, loomLayer.check, loomLayer.emit, loomLayer.cli, loomLayer.compile)),
  layer([`${LOOM}/diagnostics/**`, `${LOOM}/*.ts`, `${LOOM}/cli/**`, 'packages/loom/bin/**'], otherProduct.loom, typeStringReader),
  layer(['packages/loom/test/**'], otherProduct.loom),
  // Lectern: platform (db, auth, errors, events) is the floor every feature stands on; the
  // answer engine knows no HTTP; a feature reaches another only through its service or schemas.
  layer([`${LECTERN}/platform/**`], otherProduct.lectern,
    forbid('platform/ sits below the answer engine and the app that assembles it.', lecternPart.answerEngine, lecternPart.host),
    forbid('platform/ knows no feature, not even a type: features declare their own events (features/<name>/events.ts) and the app combines them (src/event-catalogue.ts).', lecternPart.features)),
  layer([`${LECTERN}/answer-engine/**`], otherProduct.lectern,
    forbid('The answer engine knows no HTTP feature and no host: features call it.', lecternPart.features, lecternPart.host)),
  ...Array.from({ length: FEATURE_FOLDER_DEPTH_MAX + 1 }, (_, depth) =>
    layer([`${LECTERN}/features/*/${'*/'.repeat(depth)}*.ts`], otherProduct.lectern,
      forbid('A feature does not import the app that assembles it.', lecternPart.host),
      otherFeatureInternals('A feature reaches another feature only through its service.ts, schemas.ts or events.ts, never its routes, store or helpers.', ['service', 'schemas', 'events'], depth))),
  layer([`${LECTERN}/features/*/store.ts`], otherProduct.lectern,
    forbid('Data flows routes → service → store: a store imports neither.', lecternPart.host, './service.js', './routes.js'),
    otherFeatureInternals("A store reads its own tables; another feature's types come from its schemas.ts.", ['schemas'])),
  layer([`${LECTERN}/features/*/service.ts`], otherProduct.lectern,
    forbid('Data flows routes → service → store: a service never imports its routes.', lecternPart.host, './routes.js'),
    otherFeatureInternals('A feature reaches another feature only through its service.ts, schemas.ts or events.ts, never its routes, store or helpers.', ['service', 'schemas', 'events'])),
  layer([`${LECTERN}/*.ts`, 'packages/lectern/test/**', 'packages/lectern/bin/**'], otherProduct.lectern),
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
    files: ['packages/*/src/**/*.ts', 'packages/*/src/**/*.tsx', 'packages/*/test/**/*.ts', 'packages/*/bin/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', {
        // node:test's test() and suite() return promises the runner itself awaits.
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] }],
      }],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The web workspace runs in browsers; its tests (and the build) in Node.
    files: ['packages/lectern-web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...layering,
);
