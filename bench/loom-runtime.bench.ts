/**
 * Loom runtime speed. Targets: `loom run hello.nx` (no agent) under 150 ms wall clock, and an
 * interpreter loop of 1,000,000 arithmetic iterations under 1 s.
 *
 * Hello is measured two ways: the whole command in a fresh process (`node bin/loom.js run`,
 * which includes starting Node and tsx compiling Loom's TypeScript sources on the fly; `loom
 * --version` in a fresh process is measured beside it as the floor of that start-up), and in
 * process, split into its phases (check, generate, import of the generated module, run), which
 * is the work Loom itself does per run. The loop is timed in process around the program's run
 * only, after its module was compiled and imported.
 * Run: node --import tsx bench/loom-runtime.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFile } from '../packages/loom/src/compile.js';
import { generateModule } from '../packages/loom/src/emit/codegen.js';
import { RUNTIME_SPECIFIER } from '../packages/loom/src/cli/generate.js';
import { importFromMemory, runProgram } from '../packages/loom/src/runtime/host/run-program.js';
import { report, summarise } from './support/stats.js';

const LOOM_BIN = fileURLToPath(new URL('../packages/loom/bin/loom.js', import.meta.url));
const PROCESS_RUNS = 10;
const IN_PROCESS_RUNS = 30;
const LOOP_RUNS = 5;
const LOOP_ITERATIONS = 1_000_000;
const HELLO_TARGET_MS = 150;
const LOOP_TARGET_MS = 1000;

const HELLO = `flow main {\n    print("Hello, world!")\n}\n`;
const LOOP = `flow main {
    total = 0
    i = 0
    while i < ${LOOP_ITERATIONS} {
        total = total + i * 2 - 1
        i = i + 1
    }
    print(total)
}
`;

interface Phases {
  checkMs: number;
  generateMs: number;
  importMs: number;
  runMs: number;
}

async function runInProcess(file: string): Promise<Phases> {
  const start = performance.now();
  const checked = checkFile(file);
  const checkedAt = performance.now();
  const generated = generateModule(checked, { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'bench.mjs' });
  const generatedAt = performance.now();
  const { program, moduleUrl } = await importFromMemory(generated.code);
  const importedAt = performance.now();
  const status = await runProgram({
    program, moduleUrl, map: generated.map, entryFile: file, env: {}, debug: false, args: [],
    stdout: () => undefined, stderr: (text) => process.stderr.write(text),
  });
  if (status !== 0) throw new Error(`${file} exited with ${status}`);
  return { checkMs: checkedAt - start, generateMs: generatedAt - checkedAt, importMs: importedAt - generatedAt, runMs: performance.now() - importedAt };
}

const directory = mkdtempSync(join(tmpdir(), 'loom-runtime-bench-'));
try {
  const helloFile = join(directory, 'hello.nx');
  const loopFile = join(directory, 'loop.nx');
  writeFileSync(helloFile, HELLO);
  writeFileSync(loopFile, LOOP);

  const timeProcess = (args: readonly string[]): number[] => {
    const samples: number[] = [];
    for (let run = 0; run < PROCESS_RUNS; run += 1) {
      const start = performance.now();
      execFileSync(process.execPath, [LOOM_BIN, ...args], { stdio: 'ignore' });
      samples.push(performance.now() - start);
    }
    return samples;
  };
  const processMs = timeProcess(['run', helloFile]);
  const versionMs = timeProcess(['--version']);
  const phases: Phases[] = [];
  for (let run = 0; run < IN_PROCESS_RUNS; run += 1) phases.push(await runInProcess(helloFile));
  const phase = (key: keyof Phases) => summarise(phases.map((sample) => sample[key])).p50Ms;
  const inProcess = summarise(phases.map((sample) => sample.checkMs + sample.generateMs + sample.importMs + sample.runMs));
  const processSummary = summarise(processMs);
  report('loom run hello.nx', `< ${HELLO_TARGET_MS} ms wall`, processSummary.p50Ms < HELLO_TARGET_MS, {
    processWall: processSummary,
    versionProcessWall: summarise(versionMs),
    inProcessTotal: inProcess,
    inProcessPhasesP50Ms: { check: phase('checkMs'), generate: phase('generateMs'), import: phase('importMs'), run: phase('runMs') },
  });

  const loopMs: number[] = [];
  for (let run = 0; run < LOOP_RUNS; run += 1) loopMs.push((await runInProcess(loopFile)).runMs);
  const loop = summarise(loopMs);
  report(`${LOOP_ITERATIONS} loop iterations`, `< ${LOOP_TARGET_MS} ms`, loop.p50Ms < LOOP_TARGET_MS, { runMs: loop });
} finally {
  rmSync(directory, { recursive: true, force: true });
}
