/**
 * Loom start-up and `loom validate` throughput through the real CLI (issue 29), each as a
 * ratio to `node -e 0` measured in the same run, so a busy machine slows both sides alike.
 *
 * Targets: `loom --version` at most 1.6x `node -e 0`; `loom run hello.nx` (a flow that prints
 * one line) at most 1.8x; `loom validate` of an 8 MB program (the one-file stress case of
 * bench/loom-parse.bench.ts, made valid) at least 4 MB/s, goal 10 MB/s. Each command is run
 * as `node packages/loom/bin/loom.js ...` in a fresh process, the commands interleaved round by
 * round, and the median of the rounds is reported; validate also reports its CPU time (user +
 * system of the child, the collector's helper threads included), which a loaded machine
 * distorts less than wall time. Run `node scripts/build.mjs` first: the launcher runs the
 * TypeScript sources instead when the bundle is older than them.
 * Run: node --import tsx bench/loom-startup.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './support/stats.js';

const LOOM_BIN = fileURLToPath(new URL('../packages/loom/bin/loom.js', import.meta.url));
const START_UP_ROUNDS = 15;
const VALIDATE_ROUNDS = 7;
const VERSION_TARGET_RATIO = 1.6;
const HELLO_TARGET_RATIO = 1.8;
const VALIDATE_TARGET_MB_PER_S = 4;
const VALIDATE_GOAL_MB_PER_S = 10;
const VALIDATE_PROGRAM_BYTES = 8 * 1024 * 1024;
const BYTES_PER_MB = 1024 * 1024;
/** Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

const HELLO = 'flow main {\n    print("hello")\n}\n';

/**
 * One block of declarations, `n` keeping names unique: the block of bench/loom-parse.bench.ts
 * with what the checker now refuses there written the way it accepts (a `@tool fn` instead of
 * a `tool` block, `std.fs.write`, no protocol called as a value), so validate checks and emits
 * all of it rather than stopping at the first errors.
 */
function declarationBlock(n: number): string {
  return `
// ---- module ${n} ------------------------------------------------------------
protocol Report${n} {
    title: "string",
    score: "float",
    tags: "list[str]",
    notes: "Option[str]"
}

@tool("Fetch a page and return its text")
fn fetch_page_${n}(url: str, timeout: int) -> str {
    return "page " + url
}

@limit(max_tokens=800)
@timeout(seconds=30)
agent Analyst${n} uses fetch_page_${n}, std.http implements Report${n}
    requires "input names a topic" {
    role: "Research analyst number ${n}",
    model: "deepseek/deepseek-chat",
    prompt: """
    You analyse the topic you are given and write a structured report.
    Keep it under three hundred words and cite your sources.
    """,
    cache: true,
    temperature: 0.3
}

agent Critic${n} {
    role: "Critic", model: "openai/gpt-4o-mini", prompt: "Find the weakest claim."
}

flow review_${n}(topic: str, rounds: int = 3) -> Report${n}
    requires rounds > 0
    ensures "the report answers the topic" {
    let draft = Analyst${n}.run("Research #{topic} in depth")?
    feedback = draft >> Critic${n} otherwise "no feedback"
    for each round in range(rounds) {
        if round == 0 and feedback != null {
            draft = Analyst${n}.run("Revise: #{feedback} (round #{round + 1})")
        } else if round > 1 {
            break
        } else {
            continue
        }
    }
    summary = topic |>> [Analyst${n}, Critic${n}] &>> Critic${n}
    label = match draft.score {
        100 => "perfect",
        n if n >= 80 => "good",
        intent("mentions risks") => "risky",
        _ => "weak"
    }
    try {
        stored = std.fs.write("reports/${n}.md", draft.title + "\\n" + summary)
    } catch (err) {
        print("could not store report ${n}: " + err)
    }
    return draft
}
`;
}

function largeProgram(): string {
  const blocks: string[] = [];
  let bytes = 0;
  for (let n = 0; bytes < VALIDATE_PROGRAM_BYTES; n++) {
    const block = declarationBlock(n);
    blocks.push(block);
    bytes += block.length;
  }
  return blocks.join('');
}

interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** Runs `node ARGS` once; fails the bench if it does not exit as expected. */
function timeNode(args: readonly string[], expectedStatus: number): Sample {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (child.status !== expectedStatus) throw new Error(`node ${args.join(' ')} exited with ${child.status}: ${child.stderr.slice(0, 500)}`);
  return { wallMs, cpuMs: childrenCpuMs() - cpuBefore };
}

/**
 * User + system time of this process's waited-for children so far, in ms, from /proc (Linux;
 * NaN elsewhere): Node reports no child's resource usage, and the difference before and after
 * one spawnSync is that child's CPU time.
 */
function childrenCpuMs(): number {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return Number.NaN;
  }
  // cutime and cstime are fields 16 and 17; the command name (field 2) may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND) * 1000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

const directory = mkdtempSync(join(tmpdir(), 'loom-startup-bench-'));
try {
  const helloFile = join(directory, 'hello.nx');
  const largeFile = join(directory, 'large.nx');
  writeFileSync(helloFile, HELLO);
  const large = largeProgram();
  writeFileSync(largeFile, large);
  const largeMb = Buffer.byteLength(large) / BYTES_PER_MB;

  const commands = {
    node: ['-e', '0'],
    version: [LOOM_BIN, '--version'],
    hello: [LOOM_BIN, 'run', helloFile],
  } as const;
  // One untimed pass: the first start after a build reads the files from disk.
  for (const args of Object.values(commands)) timeNode(args, 0);
  const wall: Record<keyof typeof commands, number[]> = { node: [], version: [], hello: [] };
  for (let round = 0; round < START_UP_ROUNDS; round += 1) {
    for (const [name, args] of Object.entries(commands) as Array<[keyof typeof commands, readonly string[]]>) wall[name].push(timeNode(args, 0).wallMs);
  }
  const nodeMs = median(wall.node);
  const versionRatio = median(wall.version) / nodeMs;
  const helloRatio = median(wall.hello) / nodeMs;
  report('loom --version', `<= ${VERSION_TARGET_RATIO}x node -e 0`, versionRatio <= VERSION_TARGET_RATIO, {
    ratio: round2(versionRatio), medianMs: round2(median(wall.version)), nodeMedianMs: round2(nodeMs), rounds: START_UP_ROUNDS,
  });
  report('loom run hello.nx', `<= ${HELLO_TARGET_RATIO}x node -e 0`, helloRatio <= HELLO_TARGET_RATIO, {
    ratio: round2(helloRatio), medianMs: round2(median(wall.hello)), nodeMedianMs: round2(nodeMs), rounds: START_UP_ROUNDS,
  });

  const validateWall: number[] = [];
  const validateCpu: number[] = [];
  const validateNode: number[] = [];
  for (let round = 0; round < VALIDATE_ROUNDS; round += 1) {
    validateNode.push(timeNode(commands.node, 0).wallMs);
    const sample = timeNode([LOOM_BIN, 'validate', largeFile], 0);
    validateWall.push(sample.wallMs);
    validateCpu.push(sample.cpuMs);
  }
  const wallMbPerS = largeMb / (median(validateWall) / 1000);
  const cpuMbPerS = largeMb / (median(validateCpu) / 1000);
  report(`loom validate, ${largeMb.toFixed(1)} MB in one file`, `>= ${VALIDATE_TARGET_MB_PER_S} MB/s wall (goal ${VALIDATE_GOAL_MB_PER_S})`, wallMbPerS >= VALIDATE_TARGET_MB_PER_S, {
    wallMbPerS: round2(wallMbPerS), cpuMbPerS: round2(cpuMbPerS), medianWallMs: round2(median(validateWall)), medianCpuMs: round2(median(validateCpu)),
    ratioToNode: round2(median(validateWall) / median(validateNode)), rounds: VALIDATE_ROUNDS,
  });
} finally {
  rmSync(directory, { recursive: true, force: true });
}

