import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings, onlyFinding } from './helpers.js';

const AGENT = 'agent W { prompt: "w" }\n';

/** The keyword each v2 harness form is reported at, and a flow body using it. */
const FORMS: readonly (readonly [keyword: string, body: string])[] = [
  ['autoloop', 'autoloop max_steps: 5, exit_when: "done" { print(1) }'],
  ['with_context', 'with_context max_tokens: 1000, strategy: sliding_window { print(1) }'],
  ['try_agent', 'try_agent { r = W.run("x") } catch_correction(e: ToolError) { print(e) }'],
  ['reflect', 'reflect "adjust the plan";'],
  ['snapshot', 'snap = snapshot()'],
  ['restore', 'restore(previous)'],
  ['fork', 'fork [W, W] merge best_of;'],
  ['verify', 'verify output satisfies string'],
  ['before_step', 'before_step { print("step") }'],
  ['unharnessed', 'unharnessed "raw speed" { print(1) }'],
  ['context_policy', 'context_policy { max_tokens: 8000, strategy: sliding_window }'],
];

suite('v2 harness forms are reported as not supported yet', () => {
  for (const [keyword, body] of FORMS) {
    test(`${keyword} is reported once, at its keyword`, () => {
      const finding = onlyFinding(`${AGENT}flow main(output, previous, inbox) {\n    ${body}\n}`);
      assert.equal(finding.code, 'E006');
      assert.match(finding.message, new RegExp(`^Not supported by this runtime: '${keyword}', a Nexa v2 harness form for .+$`));
      assert.equal(finding.span.start.line, 3);
      assert.equal(finding.span.end.column - finding.span.start.column, keyword.length);
    });
  }

  test('nested forms are each reported, and names they bind cause no further errors', () => {
    const source = [
      AGENT,
      'flow main {',
      '    autoloop max_steps: 3 {',
      '        try_agent { result = W.run("x") } catch_correction(err) { print(err) }',
      '        print(result)',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "4:5 E006 Not supported by this runtime: 'autoloop', a Nexa v2 harness form for autonomous loops",
      "5:9 E006 Not supported by this runtime: 'try_agent', a Nexa v2 harness form for agent self-correction (try_agent/catch_correction)",
    ]);
  });

  test('names inside an unharnessed block are resolved like any other body', () => {
    const source = `${AGENT}flow main {\n    unharnessed {\n        total = 1\n        print(total + missing)\n    }\n    print(total)\n}`;
    assert.deepEqual(findings(source), [
      "3:5 E006 Not supported by this runtime: 'unharnessed', a Nexa v2 harness form for blocks run outside the harness (unharnessed)",
      "5:23 E001 Undeclared identifier 'missing'",
    ]);
  });

  test('agent context policies and actor handlers inside agents are reported', () => {
    const source = 'agent W {\n    prompt: "w",\n    context_policy: { max_tokens: 100 },\n    fn on_message(msg) { print(msg) }\n}';
    assert.deepEqual(findings(source), [
      "3:5 E006 Not supported by this runtime: 'context_policy', a Nexa v2 harness form for agent context policies",
      "4:8 E006 Not supported by this runtime: 'on_message', a Nexa v2 harness form for actor message handlers inside agents",
    ]);
  });

  test('a flow the program declares itself named like a harness call is an ordinary call', () => {
    assert.deepEqual(findings('flow snapshot() { return 1 }\nflow main { print(snapshot()) }'), []);
  });
});
