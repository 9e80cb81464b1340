/**
 * Loom front-end throughput on one core. Target: at least 10 MB/s of source through parse +
 * check (lexer, parser and semantic checker, diagnostics included). Parse alone is measured on
 * the same inputs beside it, so the checker's share is visible. The front end is bundled by
 * esbuild as scripts/build.mjs bundles the `loom` CLI, and imported from that bundle.
 *
 * Input: a generated program of realistic declarations (agents, protocols, tools, flows with
 * control flow, matches, pipelines and interpolated strings) of at least 5 MB, parsed once split
 * into 20 KB files (as `include`d modules) and once as a single file, plus the public Nexa
 * example corpus when it has been extracted to /tmp/nexa-examples. A single 5 MB file keeps a
 * syntax tree of about 80 MB alive while it is built, so the garbage collector takes a large
 * share of its time and its medians vary with where the major collections fall. Each file is
 * checked on its own, as `loom check` does; includes are not read (the corpus names files
 * outside it), so reading files is not timed.
 *
 * Each run is timed twice: wall clock, and CPU time of this process (user + system, which also
 * counts the garbage collector's helper threads). On a busy machine the wall figure mostly
 * measures the other processes, so the target is judged on CPU time. For scale, the same is
 * measured for TypeScript's own parser on TypeScript's library source.
 * Run: node --import tsx bench/loom-parse.bench.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import type { check as checkProgram } from '../packages/loom/src/check/checker.js';
import type { parse as parseSource } from '../packages/loom/src/syntax/parser.js';
import { importBundled } from './support/bundled.js';
import { BYTES_PER_MB, declarationBlock, median } from './support/loom-cli.js';

// The front end as `loom` runs it (bundled), not as tsx transpiles it file by file.
const { parse, check } = await importBundled<{ parse: typeof parseSource; check: typeof checkProgram }>({
  parse: ['packages/loom/src/syntax/parser.ts', 'parse'],
  check: ['packages/loom/src/check/checker.ts', 'check'],
});

const GENERATED_MIN_BYTES = 5 * 1024 * 1024;
/** The same program split like a real project (`include`d files of this size). */
const PROJECT_FILE_BYTES = 20 * 1024;
const EXAMPLE_CORPUS_DIR = '/tmp/nexa-examples';
/** Warm-up lasts at least this long so the JIT has optimised the parser before timing. */
const WARMUP_MIN_MS = 1500;
const MEASURED_RUNS = 5;
/** A small input is parsed repeatedly within one timed run until the run lasts this long. */
const RUN_MIN_MS = 250;
const TYPESCRIPT_REFERENCE_BYTES = 2 * 1024 * 1024;
const MICROSECONDS_PER_SECOND = 1e6;
const TARGET_MB_PER_S = 10;

/** The generated declarations as files of about `fileBytes` each (one file if it is larger). */
function generatedProgram(fileBytes: number): string[] {
  const files: string[] = [];
  let current = '';
  let size = 0;
  for (let n = 0; size < GENERATED_MIN_BYTES; n++) {
    const block = declarationBlock(n);
    current += block;
    size += block.length;
    if (current.length >= fileBytes) {
      files.push(current);
      current = '';
    }
  }
  if (current !== '') files.push(current);
  return files;
}

function exampleCorpus(): string[] {
  if (!existsSync(EXAMPLE_CORPUS_DIR)) return [];
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.nx') || name.endsWith('.nxlib')) files.push(readFileSync(path, 'utf8'));
    }
  };
  walk(EXAMPLE_CORPUS_DIR);
  return files;
}

interface Rates {
  readonly wallMbPerS: number;
  readonly cpuMbPerS: number;
}

/** Runs `work` (which handles `bytes` of source) and reports its median rates. */
function measure(label: string, bytes: number, work: () => string): Rates {
  const warmupStarted = performance.now();
  let repeats = 0;
  do {
    work();
    repeats++;
  } while (performance.now() - warmupStarted < WARMUP_MIN_MS);
  const warmupMsPerRepeat = (performance.now() - warmupStarted) / repeats;
  const repeatsPerRun = Math.max(1, Math.ceil(RUN_MIN_MS / warmupMsPerRepeat));
  const wall: number[] = [];
  const cpu: number[] = [];
  let note = '';
  for (let i = 0; i < MEASURED_RUNS; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let r = 0; r < repeatsPerRun; r++) note = work();
    const wallSeconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpuBefore);
    const cpuSeconds = (used.user + used.system) / MICROSECONDS_PER_SECOND;
    const megabytes = (bytes * repeatsPerRun) / BYTES_PER_MB;
    wall.push(megabytes / wallSeconds);
    cpu.push(megabytes / cpuSeconds);
  }
  const rates = { wallMbPerS: median(wall), cpuMbPerS: median(cpu) };
  console.log(`${label}: ${(bytes / BYTES_PER_MB).toFixed(2)} MB, median ${rates.cpuMbPerS.toFixed(1)} MB/s CPU, `
    + `${rates.wallMbPerS.toFixed(1)} MB/s wall${note}`);
  return rates;
}

/** How far through the front end each measured pass takes the sources. */
type Stage = 'parse' | 'parse + check';

const noIncludedFiles = (): undefined => undefined;

/** Runs `stage` on one file; returns how many diagnostics it found. */
function runStage(stage: Stage, source: string): number {
  const parsed = parse(source, 'bench.nx');
  if (stage === 'parse') return parsed.diagnostics.length;
  return parsed.diagnostics.length + check(parsed.program, { readFile: noIncludedFiles }).length;
}

function measureLoom(label: string, sources: readonly string[], stage: Stage): Rates {
  const bytes = sources.reduce((total, source) => total + Buffer.byteLength(source), 0);
  return measure(`${label}, ${stage}`, bytes, () => {
    let diagnostics = 0;
    for (const source of sources) diagnostics += runStage(stage, source);
    return ` (${sources.length} file(s), ${diagnostics} diagnostics)`;
  });
}

/** Parse alone for reference, then parse + check, which the target is judged on. */
function measureFrontEnd(label: string, sources: readonly string[]): Rates {
  measureLoom(label, sources, 'parse');
  return measureLoom(label, sources, 'parse + check');
}

function measureTypeScriptReference(): void {
  const libraryPath = createRequire(import.meta.url).resolve('typescript/lib/typescript.js');
  const source = readFileSync(libraryPath, 'utf8').slice(0, TYPESCRIPT_REFERENCE_BYTES);
  measure('reference: TypeScript parser on typescript.js', Buffer.byteLength(source), () => {
    ts.createSourceFile('typescript.js', source, ts.ScriptTarget.Latest, true);
    return '';
  });
}

// Smallest heaps first: the one-file run leaves a large old generation behind it.
const corpus = exampleCorpus();
const corpusRates = corpus.length > 0 ? measureFrontEnd('Nexa example corpus', corpus) : null;
if (corpusRates === null) console.log(`Nexa example corpus: not found in ${EXAMPLE_CORPUS_DIR}, skipped`);
const project = measureFrontEnd(`generated program, ${PROJECT_FILE_BYTES / 1024} KB files`, generatedProgram(PROJECT_FILE_BYTES));
const oneFile = measureFrontEnd('generated program, one file', generatedProgram(GENERATED_MIN_BYTES));
measureTypeScriptReference();
const verdict = (rates: Rates): string => (rates.cpuMbPerS >= TARGET_MB_PER_S ? 'met' : 'NOT met');
console.log(`target ≥ ${TARGET_MB_PER_S} MB/s CPU for parse + check: `
  + `${corpusRates === null ? 'not measured' : verdict(corpusRates)} for the example corpus, `
  + `${verdict(project)} for the generated program in ${PROJECT_FILE_BYTES / 1024} KB files; `
  + `stress case beyond the target, the same program as one file: ${verdict(oneFile)} `
  + '(the collector\'s work on the retained tree dominates there, see docs/benchmarks.md)');
