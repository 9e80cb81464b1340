#!/usr/bin/env node
// Runs every .nx program under a checkout of the public Nexa repository's examples/ with
// `loom run`, against the fake model server of Loom's tests, and prints how each ended: the
// figures behind the "Public examples" table of docs/loom/reference.md.
//
//   node --import tsx scripts/nexa-examples.mjs PATH/TO/Nexa/examples [--json]
//
// Every provider's key and base URL point at the fake server (through the environment, so the
// checkout is not written to); it replies `ok`, `yes` to judgements and a schema-shaped object
// when asked for a protocol. Standard input is closed, and each program gets 20 s.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startFakeProviders } from './fake-providers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const [examplesDir, ...flags] = process.argv.slice(2);
if (examplesDir === undefined) {
  console.error('usage: node --import tsx scripts/nexa-examples.mjs PATH/TO/Nexa/examples [--json]');
  process.exit(64);
}
const RUN_LIMIT_MS = 20_000;
// Jobs the examples enqueue go to a queue of this run's own, not into the checkout.
const jobsDir = mkdtempSync(join(tmpdir(), 'nexa-examples-jobs-'));
const { server, env: environment } = await startFakeProviders(jobsDir);

function programs(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) programs(path, out);
    else if (name.endsWith('.nx')) out.push(path);
  }
  return out;
}

function run(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'packages/loom/bin/loom.js'), 'run', file], {
      cwd: join(file, '..'), env: environment, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status: signal === null ? status : 'timeout', stderr });
    });
  });
}

const results = [];
for (const file of programs(examplesDir)) {
  const { status, stderr } = await run(file);
  const headline = stderr.split('\n').find((line) => /^(Error|[A-Z][A-Za-z]+(Error|Violation|Warning))\b/.test(line)) ?? stderr.split('\n')[0] ?? '';
  results.push({ example: relative(examplesDir, file).replace(/\.nx$/, ''), status, headline });
}
await server.close();
rmSync(jobsDir, { recursive: true, force: true });

if (flags.includes('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const outcome = (r) => (r.status === 0 ? 'runs' : r.status === 2 ? 'compile time' : 'run time');
  for (const kind of ['runs', 'compile time', 'run time']) {
    const group = results.filter((r) => outcome(r) === kind);
    console.log(`\n## ${kind}: ${group.length}`);
    for (const r of group) console.log(`${r.example}\t${r.status}\t${r.headline}`);
  }
}
