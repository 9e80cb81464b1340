import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings } from './helpers.js';

suite('autoloop options', () => {
  test('the documented options pass, literal or computed', () => {
    assert.deepEqual(findings('flow main(goal, limit) {\n    autoloop max_steps: limit, exit_when: goal, timeout: 5m, step_delay: 0.5 { print(1) }\n    autoloop { break }\n}'), []);
  });

  test('an unknown, repeated, unnamed or ill-typed option is reported at it', () => {
    const source = [
      'flow main {',
      '    autoloop max_step: 3 { print(1) }',
      '    autoloop max_steps: 3, max_steps: 4 { print(1) }',
      '    autoloop max_steps: 0, timeout: -1, exit_when: 3 { print(1) }',
      '    autoloop max_steps: "many" { print(1) }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "2:14 E002 Type mismatch: autoloop has no option 'max_step'",
      "3:28 E005 Duplicate declaration of autoloop option 'max_steps'",
      '4:25 E002 Type mismatch: autoloop max_steps must be a whole number of at least 1',
      '4:37 E002 Type mismatch: autoloop timeout must be a number of seconds, 0 or more',
      '4:52 E002 Type mismatch: autoloop exit_when must be text (a condition in quotes)',
      '5:25 E002 Type mismatch: autoloop max_steps must be a whole number of at least 1',
    ]);
  });

  test('option values are resolved like any expression', () => {
    assert.deepEqual(findings('flow main {\n    autoloop exit_when: goal { print(1) }\n}'), ["2:25 E001 Undeclared identifier 'goal'"]);
  });
});
