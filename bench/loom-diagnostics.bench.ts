/**
 * Loom reports with many diagnostics: the text report (code frames on stderr) against
 * `validate --json` (no frames) on the same file, through the bundled `loom` CLI in a fresh
 * process each time, as a user runs it. Text reports used to split the whole source once per
 * diagnostic, so `lint` of a 5 MB file with 13,000 warnings took 229 s and `validate` of a
 * 2 MB file with 4,000 errors 26 s, against 1 s for `--json`.
 *
 * Inputs, generated: a 2 MB file with 4,000 errors (a string given to an `int` variable, E002)
 * and a 5 MB file with 13,000 lint warnings (variables that are never read). The errors are not
 * undeclared names: checking thousands of those is itself slow, with or without `--json`, as
 * every one looks for a "did you mean" among all the names of the file, which is not what this
 * bench measures. The errors file is
 * timed as `validate` against `validate --json`; the warnings file as `lint`, whose warnings
 * only the text report shows, against `validate --json`, so its ratio also carries lint's own
 * passes over the tree. Text and JSON runs alternate, so neither always meets a warmer machine.
 *
 * Target: the text report within 1.5× the `--json` time, judged on the median wall time.
 * Run: node --import tsx bench/loom-diagnostics.bench.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './support/stats.js';

const REPOSITORY_ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOOM_BIN = join(REPOSITORY_ROOT, 'packages/loom/bin/loom.js');
const BUILD_SCRIPT = join(REPOSITORY_ROOT, 'scripts/build.mjs');

const ERRORS_FILE_BYTES = 2 * 1024 * 1024;
const ERROR_COUNT = 4_000;
const WARNINGS_FILE_BYTES = 5 * 1024 * 1024;
const WARNING_COUNT = 13_000;
const RUNS_PER_MODE = 3;
const TARGET_RATIO = 1.5;
const MS_PER_SECOND = 1000;

/** Valid code that pads a flow to its share of the file: a call and an interpolated string. */
function filler(n: number, bytes: number): string {
  const line = `    print("step ${n}: #{total} of the report, kept as long as a real line of a flow")\n`;
  return line.repeat(Math.max(0, Math.round(bytes / line.length)));
}

/** `count` flows in about `bytes`, each holding the statement `finding(n)` once. */
function generatedFile(count: number, bytes: number, finding: (n: number) => string): string {
  const perFlowBytes = bytes / count;
  const flows: string[] = [];
  for (let n = 0; n < count; n++) {
    const head = `flow step_${n}(total: int) {\n${finding(n)}\n`;
    flows.push(`${head}${filler(n, perFlowBytes - head.length - 2)}}\n`);
  }
  return flows.join('\n');
}

interface Run {
  readonly wallMs: number;
  readonly status: number | null;
  readonly outputBytes: number;
}

/** Runs `loom ARGS` to completion, reading (and dropping) its output as a terminal would. */
function runLoom(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [LOOM_BIN, ...args], { cwd: REPOSITORY_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let outputBytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (outputBytes += chunk.length));
    child.stderr.on('data', (chunk: Buffer) => (outputBytes += chunk.length));
    child.on('error', reject);
    child.on('close', (status) => resolve({ wallMs: performance.now() - started, status, outputBytes }));
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

interface Comparison {
  readonly textMs: number;
  readonly jsonMs: number;
  readonly ratio: number;
  readonly textOutputBytes: number;
}

async function compare(label: string, textArgs: readonly string[], jsonArgs: readonly string[]): Promise<Comparison> {
  const text: Run[] = [];
  const json: Run[] = [];
  for (let run = 0; run < RUNS_PER_MODE; run++) {
    text.push(await runLoom(textArgs));
    json.push(await runLoom(jsonArgs));
  }
  const textMs = median(text.map((r) => r.wallMs));
  const jsonMs = median(json.map((r) => r.wallMs));
  const comparison = { textMs: Math.round(textMs), jsonMs: Math.round(jsonMs), ratio: Math.round((textMs / jsonMs) * 100) / 100, textOutputBytes: text[0]?.outputBytes ?? 0 };
  console.log(`${label}: text ${(textMs / MS_PER_SECOND).toFixed(2)} s, --json ${(jsonMs / MS_PER_SECOND).toFixed(2)} s, `
    + `ratio ${comparison.ratio} (statuses ${text.map((r) => r.status).join('/')} and ${json.map((r) => r.status).join('/')})`);
  return comparison;
}

// The bin launcher runs the sources through tsx when the bundle is older than them; build first
// so the bundle is what is timed.
const built = spawnSync(process.execPath, [BUILD_SCRIPT], { cwd: REPOSITORY_ROOT, stdio: 'inherit' });
if (built.status !== 0) throw new Error('scripts/build.mjs failed');

const dir = mkdtempSync(join(tmpdir(), 'loom-diagnostics-bench-'));
try {
  const errorsFile = join(dir, 'errors.nx');
  writeFileSync(errorsFile, generatedFile(ERROR_COUNT, ERRORS_FILE_BYTES, (n) => `    let count_${n}: int = "not a number"`));
  const warningsFile = join(dir, 'warnings.nx');
  writeFileSync(warningsFile, generatedFile(WARNING_COUNT, WARNINGS_FILE_BYTES, (n) => `    unread_${n} = total + ${n}`));

  const errors = await compare(`validate, ${ERROR_COUNT} errors in 2 MB`, ['validate', errorsFile], ['validate', '--json', errorsFile]);
  const warnings = await compare(`lint, ${WARNING_COUNT} warnings in 5 MB`, ['lint', warningsFile], ['validate', '--json', warningsFile]);
  const passed = errors.ratio <= TARGET_RATIO && warnings.ratio <= TARGET_RATIO;
  report('loom-diagnostics', `text report ≤ ${TARGET_RATIO}× the --json time (median wall, fresh process)`, passed, {
    errors: { count: ERROR_COUNT, ...errors },
    warnings: { count: WARNING_COUNT, ...warnings },
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
