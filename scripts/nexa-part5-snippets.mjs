#!/usr/bin/env node
// Runs the code blocks of the db, auth and kv sections of the Nexa docs' part5_enterprise page
// with `loom run`, each as written in a throwaway project of its own, and prints how each ended:
// the figures behind the "part5_enterprise snippets" table of docs/loom/reference.md.
//
//   node scripts/nexa-part5-snippets.mjs PATH/TO/Nexa-docs/docs/part5_enterprise.en.md [--json]
//
// The snippets use no agents, so no model server is needed. Standard input is closed, and each
// program gets 20 s.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [page, ...flags] = process.argv.slice(2);
if (page === undefined) {
  console.error('usage: node scripts/nexa-part5-snippets.mjs PATH/TO/part5_enterprise.en.md [--json]');
  process.exit(64);
}
const RUN_LIMIT_MS = 20_000;
/** The `##` sections whose snippets use db, auth or kv. */
const SECTIONS = [/Database Integration/, /Authentication & OAuth/, /KV Key-Value Store/];

/** Each ```nexa block of the chosen sections, with its `###` heading and line number. */
function snippets(text) {
  const found = [];
  let section = '';
  let heading = '';
  let block = null;
  text.split('\n').forEach((line, index) => {
    if (block === null && line.startsWith('## ')) section = line;
    if (block === null && line.startsWith('### ')) heading = line.slice(4).trim();
    if (block === null && line.trim() === '```nexa') block = { line: index + 2, heading, lines: [] };
    else if (block !== null && line.trim() === '```') {
      if (SECTIONS.some((pattern) => pattern.test(section))) found.push({ ...block, source: `${block.lines.join('\n')}\n` });
      block = null;
    } else if (block !== null) block.lines.push(line);
  });
  return found;
}

function run(directory) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'packages/loom/bin/loom.js'), 'run', 'snippet.nx'], {
      cwd: directory, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
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
for (const snippet of snippets(readFileSync(page, 'utf8'))) {
  const directory = mkdtempSync(join(tmpdir(), 'loom-part5-'));
  try {
    writeFileSync(join(directory, 'loom.toml'), '');
    writeFileSync(join(directory, 'snippet.nx'), snippet.source);
    const { status, stderr } = await run(directory);
    const headline = stderr.split('\n').find((line) => /^(Error|[A-Z][A-Za-z]+(Error|Violation|Warning))\b/.test(line)) ?? '';
    results.push({ line: snippet.line, heading: snippet.heading, status, headline });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (flags.includes('--json')) console.log(JSON.stringify(results, null, 2));
else for (const r of results) console.log(`${r.line}\t${r.heading}\t${r.status}\t${r.headline}`);
