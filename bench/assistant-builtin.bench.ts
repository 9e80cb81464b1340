/**
 * Builtin assistant speed on a three-hour class: 20,000 entries built by replaying the lecture
 * fixtures with evenly spaced clocks. Targets: rescue and catch-up under 50 ms, a summary of the
 * whole class under 2 s. "cold" is the first call in the process (nothing tokenised yet);
 * "warm" repeats it, as a second request on the same class would.
 * Run: node --import tsx bench/assistant-builtin.bench.ts
 */
import { runBuiltin } from '../packages/lectern/src/assistant/builtin/engine.js';
import type { AssistantKind, AssistantRequest, TranscriptLine } from '../packages/lectern/src/assistant/types.js';
import { CHINESE_LECTURE, ENGLISH_LECTURE, loadLecture } from '../packages/lectern/test/assistant/lectures.js';

const CLASS_ENTRIES = 20_000;
const CLASS_HOURS = 3;
const MS_PER_HOUR = 3_600_000;
const WARM_RUNS = 15;
const TARGET_MS: Readonly<Record<AssistantKind, number>> = { rescue: 50, catchup: 50, summary: 2000, followup: Number.POSITIVE_INFINITY };
const CLASS_START = Date.UTC(2026, 2, 2, 14, 0, 0);

function threeHourClass(fixture: string, firstId: number): TranscriptLine[] {
  const lecture = loadLecture(fixture);
  const spacingMs = (CLASS_HOURS * MS_PER_HOUR) / CLASS_ENTRIES;
  return Array.from({ length: CLASS_ENTRIES }, (_, i) => ({
    id: firstId + i,
    text: lecture[i % lecture.length]?.text ?? '',
    createdAt: new Date(CLASS_START + Math.round(i * spacingMs)).toISOString(),
  }));
}

async function timeOnce(request: AssistantRequest): Promise<{ totalMs: number; firstChunkMs: number; chars: number }> {
  const started = performance.now();
  let firstChunkMs = Number.NaN;
  let chars = 0;
  for await (const chunk of runBuiltin(request, { signal: new AbortController().signal })) {
    if (Number.isNaN(firstChunkMs)) firstChunkMs = performance.now() - started;
    chars += chunk.length;
  }
  return { totalMs: performance.now() - started, firstChunkMs, chars };
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

async function measure(label: string, request: AssistantRequest): Promise<boolean> {
  const cold = await timeOnce(request);
  const warm: number[] = [];
  const runs = request.kind === 'summary' ? 3 : WARM_RUNS;
  for (let i = 0; i < runs; i++) warm.push((await timeOnce(request)).totalMs);
  warm.sort((a, b) => a - b);
  const target = TARGET_MS[request.kind];
  const worst = Math.max(cold.totalMs, warm[warm.length - 1] ?? 0);
  const passed = worst < target;
  console.log(
    `${label.padEnd(22)} cold ${String(round(cold.totalMs)).padStart(7)} ms (first chunk ${round(cold.firstChunkMs)} ms)` +
      `  warm p50 ${String(round(warm[Math.floor(warm.length / 2)] ?? 0)).padStart(7)} ms  max ${String(round(warm[warm.length - 1] ?? 0)).padStart(7)} ms` +
      `  ${cold.chars} chars  target < ${target} ms: ${passed ? 'met' : 'MISSED'}`,
  );
  return passed;
}

let allMet = true;
for (const [language, fixture, firstId, question] of [
  ['en', ENGLISH_LECTURE, 1, 'Where does glycolysis happen?'],
  ['zh', CHINESE_LECTURE, 100_000, '删除有两个孩子的节点时用什么替代？'],
] as const) {
  const entries = threeHourClass(fixture, firstId);
  const base = { courseName: 'Bench', entries };
  console.log(`\n${language}: ${entries.length} entries, ${entries.reduce((n, e) => n + e.text.length, 0)} characters over ${CLASS_HOURS} h`);
  allMet = (await measure(`${language} rescue`, { ...base, kind: 'rescue' })) && allMet;
  allMet = (await measure(`${language} catchup`, { ...base, kind: 'catchup' })) && allMet;
  allMet = (await measure(`${language} summary`, { ...base, kind: 'summary' })) && allMet;
  allMet = (await measure(`${language} followup`, { ...base, kind: 'followup', question })) && allMet;
}
console.log(`\nall targets ${allMet ? 'met' : 'NOT met'}`);
