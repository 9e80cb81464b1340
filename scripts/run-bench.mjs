#!/usr/bin/env node
// Runs every bench/*.bench.ts in turn (never in parallel: they measure latency and would skew
// each other), through tsx, and exits non-zero if any benchmark crashed. A missed target is a
// figure to report, not a crash: each benchmark prints PASS/FAIL and a `BENCH {json}` line.
// Extra arguments narrow the run: `npm run bench -- export`. Everything from the first argument
// that starts with `--` on is passed to each selected benchmark: `npm run bench -- answers --part dev`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const benchDir = join(root, 'bench');
const extra = process.argv.slice(2);
const firstOption = extra.findIndex((arg) => arg.startsWith('--'));
const filters = firstOption < 0 ? extra : extra.slice(0, firstOption);
const benchArgs = firstOption < 0 ? [] : extra.slice(firstOption);

const selected = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((needle) => name.includes(needle)))
  .sort();
if (selected.length === 0) {
  console.error('no benchmark matched');
  process.exit(1);
}

const crashed = [];
for (const name of selected) {
  console.log(`\n### ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, name), ...benchArgs], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) crashed.push(name);
}
if (crashed.length > 0) {
  console.error(`\nbenchmarks that did not finish: ${crashed.join(', ')}`);
  process.exit(1);
}
