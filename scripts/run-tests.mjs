#!/usr/bin/env node
// Runs every *.test.ts under packages/*/test with node's built-in test runner (through tsx).
// A script rather than a shell glob: POSIX sh has no recursive `**`, and Node 20's --test
// does not expand globs itself. Extra arguments narrow the run: `npm test -- loom`.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'fixtures' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const files = [];
for (const pkg of readdirSync(join(root, 'packages'))) {
  const testDir = join(root, 'packages', pkg, 'test');
  try {
    if (statSync(testDir).isDirectory()) collect(testDir, files);
  } catch {
    // a package without tests yet
  }
}
const selected = files
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((needle) => f.includes(needle)))
  .sort();
if (selected.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const concurrency = Math.max(2, availableParallelism());
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...selected],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
