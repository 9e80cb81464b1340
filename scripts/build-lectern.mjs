#!/usr/bin/env node
// Bundles Lectern's TypeScript into one ES module (packages/lectern/dist/lectern.mjs).
// Why: a desktop host waits for the port on every launch, and loading ~200 small files of
// dependencies plus transpiling on the fly costs several times the start-up budget. One
// pre-built file loads in a fraction of that. Runs on `npm ci` (prepare), before `npm start`
// and before `npm test`; bin/lectern.js falls back to the sources whenever the bundle is
// missing or older than them, so a stale bundle is never run.
//
// Every file is written under a temporary name and renamed into place, migrations before the
// bundle, so a Lectern starting while a build runs sees either the old set or the new one.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = new URL('../packages/lectern/', import.meta.url).pathname;
const outDir = join(pkg, 'dist');
const migrationsOut = join(outDir, 'migrations');
const migrationsIn = join(pkg, 'src', 'platform', 'migrations');
const temp = (path) => `${path}.${process.pid}.tmp`;

mkdirSync(migrationsOut, { recursive: true });
for (const name of readdirSync(migrationsIn)) {
  const target = join(migrationsOut, name);
  copyFileSync(join(migrationsIn, name), temp(target));
  renameSync(temp(target), target);
}

const result = await build({
  entryPoints: [join(pkg, 'src', 'cli.ts')],
  outfile: join(outDir, 'lectern.mjs'),
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
  write: false,
});
// The bundle goes last: bin/lectern.js starts it as soon as it is newer than the sources.
const outputs = [...result.outputFiles].sort((a, b) => Number(a.path.endsWith('.mjs')) - Number(b.path.endsWith('.mjs')));
for (const file of outputs) {
  writeFileSync(temp(file.path), file.contents);
  renameSync(temp(file.path), file.path);
}
