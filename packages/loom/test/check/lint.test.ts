import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { lint } from '../../src/check/lint.js';
import { LINT_CODES, LINT_REGISTRY } from '../../src/errors.js';
import { parse } from '../../src/syntax/parser.js';
import { ENTRY, readFrom } from './helpers.js';
import type { SourceFiles } from './helpers.js';

function lintFindings(source: string, options: { warnUntyped?: boolean; files?: SourceFiles } = {}): string[] {
  const { program, diagnostics } = parse(source, ENTRY);
  assert.deepEqual(diagnostics, [], 'the test program itself must parse cleanly');
  return lint(program, { readFile: readFrom(options.files ?? {}), warnUntyped: options.warnUntyped ?? false }).map(
    (w) => `${w.span.start.line}:${w.span.start.column} ${w.code} ${w.message}`,
  );
}

suite('lint', () => {
  test('every lint code has a title and a remedy', () => {
    for (const code of LINT_CODES) {
      assert.ok(LINT_REGISTRY[code].title.length > 0, code);
      assert.ok(LINT_REGISTRY[code].remedy.length > 0, code);
    }
  });

  test('a tidy program has no warnings, even with --warn-untyped', () => {
    const source = [
      'protocol Answer { text: "string" }',
      'agent Helper implements Answer { prompt: "help" }',
      'flow ask(question: str) -> str { return Helper.run(question) }',
      'flow main { print(ask("why?")) }',
    ].join('\n');
    assert.deepEqual(lintFindings(source, { warnUntyped: true }), []);
  });

  test('unused agents, tools, protocols and types are W002 at their name; flows are entry points', () => {
    const source = [
      'agent Idle { prompt: "i" }',
      'tool unused_tool { description: "d" }',
      'protocol Orphan { a: "int" }',
      'type Alias = str',
      'flow never_called { print(1) }',
    ].join('\n');
    assert.deepEqual(lintFindings(source), [
      "1:7 W002 Agent 'Idle' is never used",
      "2:6 W002 Tool 'unused_tool' is never used",
      "3:10 W002 Protocol 'Orphan' is never used",
      "4:6 W002 Type 'Alias' is never used",
    ]);
  });

  test("an included library's unused declarations are not the includer's concern", () => {
    assert.deepEqual(lintFindings('include "lib.nxlib";\nflow main { print(1) }', { files: { 'lib.nxlib': 'agent Spare { prompt: "s" }' } }), []);
  });

  test('statements after return, break, continue or raise are W003, once per block', () => {
    const source = [
      'flow main(items) {',
      '    for each item in items {',
      '        if item == "" { continue; print("skipped") }',
      '        break',
      '        print(item)',
      '        print("twice")',
      '    }',
      '    return 1',
      '    print("done")',
      '}',
    ].join('\n');
    assert.deepEqual(lintFindings(source), [
      "3:35 W003 Unreachable code after 'continue'",
      "5:9 W003 Unreachable code after 'break'",
      "9:5 W003 Unreachable code after 'return'",
    ]);
  });

  test('a local variable never read is W004; a leading underscore opts out', () => {
    const source = [
      'agent Bot { prompt: "p" }',
      'flow main {',
      '    reply = Bot.run("hi")',
      '    _trace = Bot.run("again")',
      '    used = 1',
      '    print(used)',
      '}',
    ].join('\n');
    assert.deepEqual(lintFindings(source), ["3:5 W004 Variable 'reply' is never read"]);
  });

  test('a literal argument that does not fit its parameter annotation is W006 at the literal', () => {
    const source = 'flow repeat(text: str, times: int) { print(text, times) }\nflow main {\n    repeat("a", "3")\n    repeat(times: 2, text: 5)\n}';
    assert.deepEqual(lintFindings(source), [
      "3:17 W006 'times' of flow 'repeat' expects 'int', found a string",
      "4:28 W006 'text' of flow 'repeat' expects 'str', found an integer",
    ]);
  });

  test('an intent match without a default branch is W005 at the match keyword', () => {
    const source = [
      'agent Bot { prompt: "p" }',
      'flow main(request) {',
      '    print(match request {',
      '        intent("weather") => Bot.run(request)',
      '    })',
      '    print(match request {',
      '        intent("weather") => Bot.run(request)',
      '        _ => "sorry"',
      '    })',
      '}',
    ].join('\n');
    assert.deepEqual(lintFindings(source), ["3:11 W005 Match on intents has no '_' branch"]);
  });

  test('--warn-untyped reports untyped flow parameters, results and let bindings; without it nothing', () => {
    const source = [
      'flow greet(name, times: int) {',
      '    let greeting = "hi #{name}"',
      '    let count: int = times',
      '    return "#{greeting} x#{count}"',
      '}',
      'flow main { print(greet("a", 1)) }',
    ].join('\n');
    assert.deepEqual(lintFindings(source), []);
    assert.deepEqual(lintFindings(source, { warnUntyped: true }), [
      "1:6 W001 Flow 'greet' returns a value but declares no result type",
      "1:12 W001 Parameter 'name' of flow 'greet' has no type annotation",
      "2:9 W001 Variable 'greeting' has no type annotation",
    ]);
  });
});
