// The evaluation set's expectations, each kind of answer in English and Chinese: concepts
// that are terms, rescues drawn from the explanation before the question, follow-ups quoting
// definitions and reasons, notes with parts and honest open questions, catch-up that knows an
// answered question. bench/lectern-answer-quality.bench.ts prints the same checks as counts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate } from './evaluate.js';
import type { Check, CheckKind } from './evaluate.js';
import { EVALUATION_LECTURES } from './lectures.js';

const KINDS: readonly CheckKind[] = ['concepts', 'rescue', 'followup', 'summary', 'catchup'];

for (const lecture of EVALUATION_LECTURES) {
  describe(`answer quality on ${lecture.name}`, () => {
    let checks: Promise<Check[]> | undefined;
    const results = (): Promise<Check[]> => (checks ??= evaluate(lecture));
    for (const kind of KINDS) {
      it(`${kind}: every expectation holds`, async () => {
        const own = (await results()).filter((c) => c.kind === kind);
        assert.ok(own.length > 0, `no ${kind} expectations`);
        const missed = own.filter((c) => !c.held).map((c) => `${c.what}\n    saw: ${c.seen}`);
        assert.deepEqual(missed, []);
      });
    }
  });
}
