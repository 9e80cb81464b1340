/**
 * The performance budget (issue 29): a short run of the figures both products promise, each as
 * a ratio to a baseline measured in the same run — `node -e 0` for start-up, a bare Fastify +
 * better-sqlite3 append route for Lectern's request path — compared with the thresholds of
 * bench/budget.json. CI runs it after the tests (.ci/run); a figure over its threshold fails
 * the run, and the report names the figure, its value and its threshold.
 *
 * Run: npm run bench -- budget   (about a minute on 2 cores; build first: node scripts/build.mjs)
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { LecternProcess } from '../packages/lectern/test/support/lectern-process.js';
import { appendsPerSecond, runAppendUnderFanout, type AppendCounts } from './support/append-under-fanout.js';
import { KeepAliveClient } from './support/keep-alive-client.js';
import { HELLO, LOOM_BIN, largeProgram, median, timeNode } from './support/loom-cli.js';
import { runAtFixedRate } from './support/open-loop.js';
import { productionEnv } from './support/production-env.js';
import { elapsedMs, summarise, type LatencySummary } from './support/stats.js';

interface Threshold {
  readonly max: number;
  readonly target: number;
  readonly what: string;
}

const BUDGET_PATH = fileURLToPath(new URL('./budget.json', import.meta.url));
const BARE_APPEND_SERVER = fileURLToPath(new URL('./support/bare-append-server.ts', import.meta.url));
const budget = JSON.parse(readFileSync(BUDGET_PATH, 'utf8')) as { figures: Record<string, Threshold> };

const START_UP_ROUNDS = 9;
const VALIDATE_ROUNDS = 3;
const READY_ROUNDS = 7;
/** Two seconds of warm-up and ten measured at 200/s: the budget's share of the full twenty-five-second bench. */
const APPEND_COUNTS: AppendCounts = { warmupAppends: 400, measuredAppends: 2000 };
const entryText = 'The derivative of x squared is two x, which we will use again on Thursday.';

const figures = new Map<string, number>();
const round2 = (value: number): number => Math.round(value * 100) / 100;

function measureLoom(directory: string): void {
  const helloFile = join(directory, 'hello.nx');
  const largeFile = join(directory, 'large.nx');
  writeFileSync(helloFile, HELLO);
  writeFileSync(largeFile, largeProgram());
  const commands = { node: ['-e', '0'], version: [LOOM_BIN, '--version'], hello: [LOOM_BIN, 'run', helloFile] } as const;
  for (const args of Object.values(commands)) timeNode(args, 0);
  const wall = { node: [] as number[], version: [] as number[], hello: [] as number[] };
  for (let round = 0; round < START_UP_ROUNDS; round += 1) {
    wall.node.push(timeNode(commands.node, 0).wallMs);
    wall.version.push(timeNode(commands.version, 0).wallMs);
    wall.hello.push(timeNode(commands.hello, 0).wallMs);
  }
  figures.set('loom_version_ratio', median(wall.version) / median(wall.node));
  figures.set('loom_run_hello_ratio', median(wall.hello) / median(wall.node));
  const validate: number[] = [];
  const node: number[] = [];
  for (let round = 0; round < VALIDATE_ROUNDS; round += 1) {
    node.push(timeNode(commands.node, 0).wallMs);
    validate.push(timeNode([LOOM_BIN, 'validate', largeFile], 0).wallMs);
  }
  figures.set('loom_validate_8mb_ratio', median(validate) / median(node));
}

async function measureLecternReady(): Promise<void> {
  const ready: number[] = [];
  const node: number[] = [];
  for (let round = 0; round < READY_ROUNDS; round += 1) {
    const nodeStart = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    node.push(elapsedMs(nodeStart));
    const start = performance.now();
    const lectern = await LecternProcess.start({ env: productionEnv });
    ready.push(elapsedMs(start));
    await lectern.dispose();
  }
  figures.set('lectern_ready_ratio', median(ready) / median(node));
}

/** The bare route's latencies at the rate and counts Lectern is measured at. */
async function bareAppendLatencies(directory: string): Promise<LatencySummary> {
  const child = spawn(process.execPath, ['--import', 'tsx', BARE_APPEND_SERVER, directory], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const { port } = JSON.parse(line) as { port: number };
    const client = new KeepAliveClient(port, 'unused');
    const append = async (index: number): Promise<void> => {
      const response = await client.post('/entries', { text: `${entryText} (${index})`, source_id: String(index) });
      if (response.status !== 201) throw new Error(`bare append answered ${response.status}`);
    };
    await runAtFixedRate(APPEND_COUNTS.warmupAppends, appendsPerSecond, append);
    const measured = await runAtFixedRate(APPEND_COUNTS.measuredAppends, appendsPerSecond, (index) => append(APPEND_COUNTS.warmupAppends + index));
    client.close();
    return summarise(measured);
  } finally {
    child.kill('SIGTERM');
  }
}

async function measureLecternAppend(directory: string): Promise<void> {
  const bare = await bareAppendLatencies(directory);
  const run = await runAppendUnderFanout({}, APPEND_COUNTS);
  const append = summarise(run.appendMs);
  const fanout = summarise(run.sinceCreatedMs);
  // The median is the robust half: on a busy machine a tail of the bare route can be as long as
  // Lectern's, which would hide a slow request path from the p99 ratio alone.
  figures.set('lectern_append_p50_ratio', append.p50Ms / bare.p50Ms);
  figures.set('lectern_append_p99_ratio', append.p99Ms / bare.p99Ms);
  figures.set('lectern_fanout_p99_ratio', fanout.p99Ms / bare.p99Ms);
  console.log(`  (bare append p50 ${bare.p50Ms} ms, p99 ${bare.p99Ms} ms; Lectern append p50 ${append.p50Ms} ms, p99 ${append.p99Ms} ms; fan-out p99 ${fanout.p99Ms} ms)`);
}

const started = performance.now();
const directory = mkdtempSync(join(tmpdir(), 'budget-'));
try {
  measureLoom(directory);
  await measureLecternReady();
  await measureLecternAppend(directory);
} finally {
  rmSync(directory, { recursive: true, force: true });
}

const failures: string[] = [];
console.log('\n== performance budget (bench/budget.json)');
for (const [name, threshold] of Object.entries(budget.figures)) {
  const value = figures.get(name);
  if (value === undefined) {
    failures.push(`${name}: not measured`);
    continue;
  }
  const passed = value <= threshold.max;
  console.log(`  ${passed ? 'ok  ' : 'FAIL'} ${name} = ${round2(value)} (threshold ${threshold.max}, target ${threshold.target}): ${threshold.what}`);
  if (!passed) failures.push(`${name} = ${round2(value)} is over its threshold ${threshold.max}`);
}
console.log(`BENCH ${JSON.stringify({ name: 'performance budget', seconds: round2(elapsedMs(started) / 1000), figures: Object.fromEntries([...figures].map(([name, value]) => [name, round2(value)])) })}`);
if (failures.length > 0) {
  console.error(`\nperformance budget failed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
  process.exitCode = 1;
}
