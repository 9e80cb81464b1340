/**
 * Loom's database and key-value calls against the bare drivers, in the same run. Targets: a
 * parameterised SQLite `query_one` from Loom within 2× of better-sqlite3 called directly
 * (statement prepared once), and kv get/set on SQLite and on Redis within 2× of the bare
 * client (prepared statements; ioredis, awaited one by one like a program's calls).
 *
 * The Loom side is a program looping OPERATIONS times; its per-call cost is the time of that
 * run minus the same program looping zero times (compiling, importing, connecting and setup
 * are not counted), divided by the calls. Each side is measured ROUNDS times, medians taken.
 * Redis runs under a key prefix of its own and removes its keys. Run:
 * node --import tsx bench/loom-db-kv.bench.ts
 */
import { randomBytes } from 'node:crypto';
import BetterSqlite from 'better-sqlite3';
import { Redis } from 'ioredis';
import type { checkSource as CheckSource } from '../packages/loom/src/compile.js';
import type { generateModule as GenerateModule } from '../packages/loom/src/emit/codegen.js';
import { RUNTIME_SPECIFIER } from '../packages/loom/src/cli/generate.js';
import type { importFromMemory as ImportFromMemory, runProgram as RunProgram } from '../packages/loom/src/runtime/host/run-program.js';
import { importBundled } from './support/bundled.js';
import { report } from './support/stats.js';

// Loom bundled as it ships (see support/bundled.ts): the host's hot path (method calls, the
// std functions, the database handle) would otherwise run through tsx's module getters.
const { checkSource, generateModule, importFromMemory, runProgram } = await importBundled<{
  checkSource: typeof CheckSource;
  generateModule: typeof GenerateModule;
  importFromMemory: typeof ImportFromMemory;
  runProgram: typeof RunProgram;
}>({
  checkSource: ['packages/loom/src/compile.ts', 'checkSource'],
  generateModule: ['packages/loom/src/emit/codegen.ts', 'generateModule'],
  importFromMemory: ['packages/loom/src/runtime/host/run-program.ts', 'importFromMemory'],
  runProgram: ['packages/loom/src/runtime/host/run-program.ts', 'runProgram'],
}, { externalPackages: true });

const OPERATIONS = 20_000;
const REDIS_OPERATIONS = 5_000;
const ROUNDS = 5;
const ROWS = 1_000;
const TARGET_RATIO = 2;
const REDIS_URL = 'redis://127.0.0.1:6379/0';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Milliseconds of one run of `source` (its run only, after compiling and importing). */
async function timeLoom(source: string): Promise<number> {
  const checked = checkSource(source, 'bench.nx');
  const generated = generateModule(checked, { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'bench.mjs' });
  const { program, moduleUrl } = await importFromMemory(generated.code);
  const start = performance.now();
  const status = await runProgram({
    program, moduleUrl, map: generated.map, entryFile: 'bench.nx', env: {}, debug: false, args: [],
    stdout: () => undefined, stderr: (text) => process.stderr.write(text),
  });
  if (status !== 0) throw new Error(`the benchmark program exited with ${status}`);
  return performance.now() - start;
}

/** Microseconds per Loom call: the loop of `count` calls minus the same program with none. */
async function loomMicrosPerCall(program: (count: number) => string, count: number): Promise<number> {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const full = await timeLoom(program(count));
    const empty = await timeLoom(program(0));
    samples.push(((full - empty) * 1000) / count);
  }
  return median(samples);
}

async function bareMicrosPerCall(run: (count: number) => Promise<void> | void, count: number): Promise<number> {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    await run(count);
    samples.push(((performance.now() - start) * 1000) / count);
  }
  return median(samples);
}

function compare(name: string, loom: number, bare: number): void {
  const ratio = loom / bare;
  report(name, `≤ ${TARGET_RATIO}× the bare driver`, ratio <= TARGET_RATIO, {
    loomMicrosPerCall: Number(loom.toFixed(2)), bareMicrosPerCall: Number(bare.toFixed(2)), ratio: Number(ratio.toFixed(2)),
  });
}

// SQLite query_one, parameterised.
const queryProgram = (count: number) => `db app = connect("sqlite://:memory:")
flow main {
    app.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    app.execute("INSERT INTO users (name) SELECT 'user' || value FROM json_each(?)", [std.json.stringify(range(${ROWS}))])
    i = 0
    while i < ${count} {
        row = app.query_one("SELECT name FROM users WHERE id = ?", [i % ${ROWS} + 1])
        i = i + 1
    }
}`;
const bareDatabase = new BetterSqlite(':memory:');
bareDatabase.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)');
bareDatabase.prepare("INSERT INTO users (name) SELECT 'user' || value FROM json_each(?)").run(JSON.stringify([...Array(ROWS).keys()]));
const selectName = bareDatabase.prepare('SELECT name FROM users WHERE id = ?');
compare('SQLite query_one', await loomMicrosPerCall(queryProgram, OPERATIONS), await bareMicrosPerCall((count) => {
  for (let i = 0; i < count; i += 1) selectName.get((i % ROWS) + 1);
}, OPERATIONS));

// kv set + get, one pair per iteration.
const kvProgram = (url: string) => (count: number) => `kv store = open("${url}")
flow main {
    i = 0
    while i < ${count} {
        store.set("k" + str(i % 100), i)
        value = store.get("k" + str(i % 100))
        i = i + 1
    }
}`;
const bareKv = new BetterSqlite(':memory:');
bareKv.exec('CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER)');
const kvSet = bareKv.prepare('INSERT INTO kv (key, value, expires_at) VALUES (?, ?, NULL) ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at');
const kvGet = bareKv.prepare<[string, number], { value: string }>('SELECT value FROM kv WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)');
compare('kv set+get on SQLite (:memory:)', await loomMicrosPerCall(kvProgram(':memory:'), OPERATIONS), await bareMicrosPerCall((count) => {
  for (let i = 0; i < count; i += 1) {
    kvSet.run(`k${i % 100}`, JSON.stringify(i));
    JSON.parse(kvGet.get(`k${i % 100}`, Date.now())?.value ?? 'null');
  }
}, OPERATIONS));

const prefix = `loombench:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(REDIS_URL);
try {
  compare('kv set+get on Redis', await loomMicrosPerCall(kvProgram(`${REDIS_URL}?prefix=${prefix}loom:`), REDIS_OPERATIONS), await bareMicrosPerCall(async (count) => {
    for (let i = 0; i < count; i += 1) {
      await redis.set(`${prefix}bare:k${i % 100}`, JSON.stringify(i));
      JSON.parse((await redis.get(`${prefix}bare:k${i % 100}`)) ?? 'null');
    }
  }, REDIS_OPERATIONS));
} finally {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}
