import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings, onlyFinding } from './helpers.js';

const AGENT = 'agent W { prompt: "w" }\n';

/** The keyword each v2 form Loom does not run yet is reported at, and a flow body using it. */
const FORMS: readonly (readonly [keyword: string, body: string])[] = [
  ['spawn', 'worker = spawn W("go")'],
  ['pass', 'pass "message" to inbox'],
];

suite('v2 actor forms are reported as not supported yet', () => {
  for (const [keyword, body] of FORMS) {
    test(`${keyword} is reported once, at its keyword`, () => {
      const finding = onlyFinding(`${AGENT}flow main(output, previous, inbox) {\n    ${body}\n}`);
      assert.equal(finding.code, 'E006');
      assert.match(finding.message, new RegExp(`^Not supported by this runtime: '${keyword}', a Nexa v2 harness form for .+$`));
      assert.equal(finding.span.start.line, 3);
      assert.equal(finding.span.end.column - finding.span.start.column, keyword.length);
    });
  }

  test('inside harness forms Loom runs, they are each reported, and names they bind cause no further errors', () => {
    const source = [
      AGENT,
      'flow main(inbox) {',
      '    autoloop max_steps: 3 {',
      '        worker = spawn W("go")',
      '        pass "message" to inbox',
      '        print(worker)',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "5:18 E006 Not supported by this runtime: 'spawn', a Nexa v2 harness form for actors (spawn Agent(...))",
      "6:9 E006 Not supported by this runtime: 'pass', a Nexa v2 harness form for actor messages (spawn/pass/receive)",
    ]);
  });

  test('names inside an unharnessed block are resolved like any other body', () => {
    const source = `${AGENT}flow main {\n    unharnessed {\n        total = 1\n        print(total + missing)\n    }\n    print(total)\n}`;
    assert.deepEqual(findings(source), ["5:23 E001 Undeclared identifier 'missing'"]);
  });

  test('actor handlers inside agents are reported', () => {
    const source = 'agent W {\n    prompt: "w",\n    context_policy: { max_tokens: 100 },\n    fn on_message(msg) { print(msg) }\n}';
    assert.deepEqual(findings(source), [
      "4:8 E006 Not supported by this runtime: 'on_message', a Nexa v2 harness form for actor message handlers inside agents",
    ]);
  });

  test('a flow the program declares itself named like a harness call is an ordinary call', () => {
    assert.deepEqual(findings('flow receive() { return 1 }\nflow main { print(receive()) }'), []);
  });
});
