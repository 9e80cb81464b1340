#!/usr/bin/env node
// Bundles Lectern's TypeScript into one ES module (packages/lectern/dist/lectern.mjs).
// Why: a desktop host waits for the port on every launch, and loading ~200 small files of
// dependencies plus transpiling on the fly costs several times the start-up budget. One
// pre-built file loads in a fraction of that. Runs on `npm ci` (prepare), before `npm start`
// and before `npm test`; bin/lectern.js falls back to the sources whenever the bundle is
// missing or older than them, so a stale bundle is never run.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';

const pkg = new URL('../packages/lectern/', import.meta.url).pathname;
const outDir = `${pkg}dist/`;

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: [`${pkg}src/cli.ts`],
  outfile: `${outDir}lectern.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // A native addon: it must be loaded from node_modules.
  external: ['better-sqlite3'],
  // Bundled CommonJS dependencies call require(); give the ES module one.
  banner: { js: "import { createRequire as __lecternRequire } from 'node:module'; const require = __lecternRequire(import.meta.url);" },
  minify: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  logLevel: 'warning',
});
cpSync(`${pkg}src/platform/migrations`, `${outDir}migrations`, { recursive: true });
