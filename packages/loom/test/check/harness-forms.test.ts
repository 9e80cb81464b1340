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

suite('try_agent and on_error', () => {
  test('the documented error types pass, alone or joined with |, and so does no type', () => {
    const source = [
      'flow main {',
      '    on_error(e: Exception) { print(e) }',
      '    try_agent { print(1) } catch_correction(e: ToolError | ModelError | TimeoutError) { print(e) }',
      '    try_agent { print(1) } catch_correction(e) { print(e) }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('a try_agent without catch_correction, an unknown error type and an extra hook parameter are reported', () => {
    const source = [
      'flow main {',
      '    try_agent { print(1) }',
      '    try_agent { print(1) } catch_correction(e: ToolEror) { print(e) }',
      '    on_error(e: ToolError, f) { print(e) }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "2:5 E004 Syntax error: 'try_agent' needs its 'catch_correction' block",
      "3:48 E002 Type mismatch: catch_correction catches the error types ToolError, ModelError, TimeoutError, ActorError, Exception, Error, not 'ToolEror'",
      "4:28 E002 Type mismatch: 'on_error' takes one parameter, the error: write on_error(e: ToolError)",
    ]);
  });
});

suite('verify', () => {
  test('a type, a protocol, a quoted type or a condition in words may follow satisfies', () => {
    const source = [
      'protocol Report { title: "string" }',
      'flow main(result) {',
      '    verify result satisfies Report',
      '    verify result satisfies list[int] | str',
      '    verify result satisfies "dict"',
      '    verify result satisfies "is not empty"',
      '    verify "it is polite" against result',
      '    verify result contains "x"',
      '    verify len(result) > 0',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('an unknown type after satisfies, quoted or not, and an undeclared subject are reported', () => {
    const source = 'flow main(result) {\n    verify result satisfies Reprot\n    verify result satisfies "Reprot"\n    verify missing satisfies str\n}';
    assert.deepEqual(findings(source), [
      "2:29 E001 Undeclared identifier 'Reprot'",
      "3:30 E002 Type mismatch: unknown type 'Reprot' in protocol field",
      "4:12 E001 Undeclared identifier 'missing'",
    ]);
  });
});

suite('snapshot, restore and fork', () => {
  test('the documented forms pass; a flow of the program named snapshot is an ordinary call', () => {
    const source = [
      'agent W { prompt: "w" }',
      'flow main {',
      '    snap = snapshot()',
      '    later = snapshot("before the risky part")',
      '    restore(snap) if later != null',
      '    fork [W.run("a"), W.run("b")] merge best_of;',
      '    best = fork [W.run("a"), W.run("b")] merge best',
      '    all = fork [1, 2]',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
    assert.deepEqual(findings('flow snapshot() { return 1 }\nflow main { print(snapshot()) }'), []);
  });

  test('wrong arguments, an unknown strategy and a spread branch are reported', () => {
    const source = [
      'flow main(xs) {',
      '    restore()',
      '    snapshot(1, 2)',
      '    fork [1, 2] merge bets_of',
      '    fork [..xs] merge vote',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      '2:5 E002 Type mismatch: write restore(snap), with what snapshot() returned',
      '3:5 E002 Type mismatch: write snapshot() or snapshot("label")',
      "4:23 E002 Type mismatch: 'bets_of' is not a merge strategy (best_of, vote, weighted_average, first, all)",
      '5:11 E002 Type mismatch: fork branches are written out one by one: fork [A.run(x), B.run(x)]',
    ]);
  });
});

suite('with_context and context_policy', () => {
  test('the documented settings pass, in a block, a statement or an agent property', () => {
    const source = [
      'agent A {',
      '    prompt: "a",',
      '    context_policy: { max_tokens: 80000, strategy: smart_summarization }',
      '}',
      'agent B {',
      '    prompt: "b",',
      '    context_policy: { max_tokens: 100, priority_tags: ["[keep]"] }',
      '}',
      'flow main(budget) {',
      '    with_context max_tokens: budget, strategy: "importance_weighted", priority_tags: ["x"] { print(1) }',
      '    context_policy { max_tokens: 8000, strategy: sliding_window }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('an unknown strategy or setting, a computed agent setting and an undeclared budget are reported', () => {
    const source = [
      'agent A {',
      '    prompt: "a",',
      '    context_policy: { max_tokens: size, strategy: fifo }',
      '}',
      'flow main {',
      '    with_context max_token: 5, strategy: sliding_windw { print(1) }',
      '    context_policy { max_tokens: budget }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      '3:35 E002 Type mismatch: context_policy max_tokens must be written as a literal here',
      "3:51 E002 Type mismatch: context_policy strategy 'fifo' is not a strategy (sliding_window, importance_weighted, smart_summarization)",
      "6:18 E002 Type mismatch: with_context has no option 'max_token'",
      "6:42 E002 Type mismatch: with_context strategy 'sliding_windw' is not a strategy (sliding_window, importance_weighted, smart_summarization); did you mean 'sliding_window'?",
      "7:34 E001 Undeclared identifier 'budget'",
    ]);
  });
});

suite('lifecycle hooks', () => {
  test('the step hooks take no parameter and the tool hooks name a @tool fn', () => {
    const source = [
      '@tool("Runs a command")',
      'fn shell_exec(command: string) -> string { return command }',
      'flow main {',
      '    before_step { print(1) }',
      '    after_step { print(2) }',
      '    before_tool(shell_exec) { return false }',
      '    after_tool(shell_exec) { print(3) }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('a tool hook naming no tool, another declaration or several is reported', () => {
    const source = [
      'flow helper() { return 1 }',
      'flow main {',
      '    before_tool(shel_exec) { print(1) }',
      '    after_tool(helper) { print(2) }',
      '    before_tool(a, b) { print(3) }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "3:17 E001 Undeclared identifier 'shel_exec'",
      "4:16 E002 Type mismatch: 'helper' is not a @tool fn: write after_tool(tool_name) with the name of a @tool fn",
      "5:20 E002 Type mismatch: 'before_tool' names one tool: write before_tool(tool_name) with the name of a @tool fn",
    ]);
  });
});
