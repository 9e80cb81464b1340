/**
 * Answer quality of the offline (builtin) assistant on the evaluation set: an English and a
 * Chinese calculus lecture with the concepts, rescue lines, follow-up answers, notes and
 * catch-up a student should get (packages/lectern/test/answer-engine/evaluation/). Prints,
 * per kind of answer, how many expectations hold, and each one that does not.
 * Run: node --import tsx bench/lectern-answer-quality.bench.ts [--verbose]
 */
import { evaluate, tally } from '../packages/lectern/test/answer-engine/evaluation/evaluate.js';
import type { Check } from '../packages/lectern/test/answer-engine/evaluation/evaluate.js';
import { EVALUATION_LECTURES } from '../packages/lectern/test/answer-engine/evaluation/lectures.js';

const verbose = process.argv.includes('--verbose');
const checks: Check[] = [];
for (const lecture of EVALUATION_LECTURES) checks.push(...(await evaluate(lecture)));

for (const check of checks.filter((c) => !c.held || verbose)) {
  console.log(`${check.held ? 'held  ' : 'MISSED'} [${check.kind}] ${check.lecture}: ${check.what}\n         saw: ${check.seen.slice(0, 300)}`);
}
console.log('\nkind       en        zh        all');
const perLecture = EVALUATION_LECTURES.map((lecture) => tally(checks.filter((c) => c.lecture === lecture.name)));
const all = tally(checks);
const cell = (t: { held: number; total: number } | undefined): string => `${t?.held ?? 0}/${t?.total ?? 0}`.padEnd(10);
for (const [kind, total] of all) {
  console.log(`${kind.padEnd(11)}${perLecture.map((counts) => cell(counts.get(kind))).join('')}${cell(total)}`);
}
const held = checks.filter((c) => c.held).length;
console.log(`total      ${held}/${checks.length} expectations hold`);
console.log(`BENCH ${JSON.stringify({ name: 'answer-quality', held, total: checks.length, perKind: Object.fromEntries(all) })}`);
