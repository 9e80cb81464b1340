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
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BYTES_PER_MB, HELLO, LOOM_BIN, largeProgram, median, timeNode } from './support/loom-cli.js';
import { report } from './support/stats.js';

const START_UP_ROUNDS = 15;
const VALIDATE_ROUNDS = 7;
const VERSION_TARGET_RATIO = 1.6;
const HELLO_TARGET_RATIO = 1.8;
const VALIDATE_TARGET_MB_PER_S = 4;
const VALIDATE_GOAL_MB_PER_S = 10;

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

