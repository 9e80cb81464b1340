import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../../src/syntax/parser.js';
import { FILE, syntaxErrors } from '../helpers.js';

/** Declaration kinds and names the parser still recovered from a broken file. */
function recoveredItems(source: string): string[] {
  return parse(source, FILE).program.items.map((item) => {
    const name = 'name' in item && item.name !== null && typeof item.name === 'object' && 'name' in item.name
      ? ` ${String(item.name.name)}` : '';
    return `${item.kind}${name}`;
  });
}

describe('error recovery', () => {
  it('reports a missing agent "}" once, at the next declaration, and keeps the flow', () => {
    const source = 'agent Writer {\n  role: "w",\n  prompt: "p"\n\nflow main {\n  x = Writer.run("a")\n}\n';
    const { diagnostics } = parse(source, FILE);
    assert.equal(diagnostics.length, 1);
    const [error] = diagnostics;
    assert.equal(error?.code, 'E004');
    assert.equal(error?.message, "Syntax error: expected '}' to close the agent body, found 'flow'");
    assert.equal(error?.hint, 'the agent body opened at line 1, column 14');
    assert.deepEqual(error?.span, {
      file: FILE, start: { line: 5, column: 1, offset: 43 }, end: { line: 5, column: 5, offset: 47 },
    });
    assert.deepEqual(recoveredItems(source), ['AgentDeclaration Writer', 'FlowDeclaration main']);
  });

  it('points an unclosed group at the line where it was opened', () => {
    const cases: readonly (readonly [source: string, message: string, hint: string])[] = [
      ['flow main {\n  print(1,\n    2\n', "Syntax error: expected ')' to close the argument list, found end of file", 'the list opened at line 2'],
      ['flow main {\n  x = [1,\n  2\n', "Syntax error: expected ']' to close the list, found end of file", 'the list opened at line 2'],
      ['flow main {\n  x = {"a": 1,\n "b": 2\n', "Syntax error: expected '}' to close the map, found end of file", 'the map opened at line 2'],
      ['flow main {\n  x = (1 +\n  2\n  y = 3\n}', "Syntax error: expected ')' to close the parenthesised expression, found 'y'", "'(' opened at line 2"],
    ];
    for (const [source, message, hint] of cases) {
      const [error] = parse(source, FILE).diagnostics;
      assert.equal(error?.message, message, source);
      assert.equal(error?.hint, hint, source);
    }
  });

  it('reports a missing flow "}" once when the next flow starts', () => {
    const source = 'flow a {\n  x = 1\n\nflow b {\n  y = 2\n}\n';
    assert.deepEqual(syntaxErrors(source), ["4:1 Syntax error: expected '}' to close the flow body, found 'flow'"]);
    assert.deepEqual(recoveredItems(source), ['FlowDeclaration a', 'FlowDeclaration b']);
  });

  it('reports a missing "}" at the end of the file once', () => {
    assert.deepEqual(syntaxErrors('flow main {\n  if x {\n    y = 1\n\n  z = 2\n}\n'), [
      "7:1 Syntax error: expected '}' to close the flow body, found end of file",
    ]);
  });

  it('reads the body when only the "{" is missing', () => {
    const source = 'flow main\n  x = 1\n  y = 2\n}\nflow other { z = 3 }';
    assert.deepEqual(syntaxErrors(source), ["2:3 Syntax error: expected '{' to open the flow body, found 'x'"]);
    const [main] = parse(source, FILE).program.items;
    assert.ok(main?.kind === 'FlowDeclaration');
    assert.equal(main.body.statements.length, 2);
  });

  it('reports a stray "}" once', () => {
    assert.deepEqual(syntaxErrors('agent A {\n  prompt: "p"\n}}\nflow main { x = 1 }'), [
      "3:2 Syntax error: unexpected '}': there is no open block to close here",
    ]);
  });

  it('reports several independent mistakes in one file, one message each', () => {
    const source = [
      'agent A {',
      '  role "x" "y"',
      '  prompt: "p"',
      '}',
      'flow main {',
      '  x = (1 + 2',
      '  y = [1, 2',
      '  z = 3 4',
      '  w = A.run("ok")',
      '}',
      'protocol P {',
      '  a: "int"',
      '  b:',
      '  c: "str"',
      '}',
    ].join('\n');
    assert.deepEqual(syntaxErrors(source), [
      `2:12 Syntax error: expected ',' or a line break after the agent body entry, found string "y"`,
      "7:3 Syntax error: expected ')' to close the parenthesised expression, found 'y'",
      "8:3 Syntax error: expected ',' or ']' after the list element, found 'z'",
      "8:9 Syntax error: expected ';' or a line break after the statement, found '4'",
      "14:3 Syntax error: expected the type of field 'b' on the same line, found 'c'",
    ]);
    assert.deepEqual(recoveredItems(source), ['AgentDeclaration A', 'FlowDeclaration main', 'ProtocolDeclaration P']);
  });

  it('does not echo an unterminated string as a parser error', () => {
    assert.deepEqual(syntaxErrors('flow main {\n  print("unterminated)\n  y = 3\n}'), [
      "2:9 Syntax error: unterminated string: expected '\"' before the end of the line",
    ]);
  });

  it('reports a decorator on something that cannot carry one', () => {
    assert.deepEqual(syntaxErrors('@limit(max_tokens=5)\nx = 1'), [
      "2:1 Syntax error: expected 'agent', 'fn' or 'flow' after the decorator, found 'x'",
    ]);
  });

  it('reports a missing declaration name at the name position', () => {
    assert.deepEqual(syntaxErrors('agent { prompt: "x" }\nflow main {}'), [
      "1:7 Syntax error: expected an agent name after 'agent', found '{'",
    ]);
  });

  it('names the keyword a misspelled declaration meant, and still reads the declaration', () => {
    const source = 'agnet Writer {\n  role: "w"\n}\nprotocl Verdict { label: "string" }\nflow main { x = 1 }';
    assert.deepEqual(syntaxErrors(source), [
      "1:1 Syntax error: unknown declaration 'agnet': did you mean 'agent'?",
      "4:1 Syntax error: unknown declaration 'protocl': did you mean 'protocol'?",
    ]);
    assert.deepEqual(recoveredItems(source), ['AgentDeclaration Writer', 'ProtocolDeclaration Verdict', 'FlowDeclaration main']);
  });

  it('does not mistake statements for misspelled declarations', () => {
    assert.deepEqual(syntaxErrors('spawn Worker("x")\nraise Failure("y")\nassert check(z)'), []);
  });

  it('reports type parameters on a declaration once and keeps the declaration', () => {
    const source = 'enum Option[T] {\n  Some(value),\n  None\n}\nflow main { x = 1 }';
    assert.deepEqual(syntaxErrors(source), ["1:12 Syntax error: type parameters are not supported: declare 'Option' without '[...]'"]);
    assert.deepEqual(recoveredItems(source), ['EnumDeclaration Option', 'FlowDeclaration main']);
  });

  it('reports a typed enum payload field without dropping it silently', () => {
    assert.deepEqual(syntaxErrors('enum Shape { Circle(radius: float), Empty }\nflow main { x = 1 }'), [
      '1:27 Syntax error: enum payload fields are names only, as in Some(value): they take no type',
    ]);
  });

  it('names the closing "}" it expected for match arms, maps and calls', () => {
    assert.deepEqual(syntaxErrors('flow main {\n  r = match x {\n    1 => "a"\n'), [
      "4:1 Syntax error: expected '}' to close the match arms, found end of file",
    ]);
  });

  it("reads an agent's model list with fallback: entries, and explains a labelled list anywhere else once", () => {
    assert.deepEqual(parse('agent A {\n  model: ["openai/gpt-4", fallback: "deepseek/deepseek-chat"],\n  prompt: "p"\n}', FILE).diagnostics, []);
    const { diagnostics } = parse('flow main {\n  models = ["openai/gpt-4", fallback: "deepseek/deepseek-chat"]\n}', FILE);
    assert.deepEqual(diagnostics.map((d) => [d.message, d.hint]), [
      ["Syntax error: A list element cannot be labelled 'fallback:'", "a model list with fallback: entries is the value of an agent's model: property"],
    ]);
  });

  it('never echoes huge source text in a message', () => {
    const longText = 'word '.repeat(500);
    const longName = 'n'.repeat(5000);
    for (const source of [
      `flow main {\n  x = 1 "${longText}"\n}`,
      `flow main {\n  x = 1 ${longName}\n}`,
      `agent A {\n  ${longName}\n}`,
    ]) {
      const [message] = syntaxErrors(source);
      assert.ok(message !== undefined && message.length < 120, message?.slice(0, 200));
    }
  });

  it('always returns a Program, even for garbage', () => {
    for (const source of ['', '}}}', '((((', '@', '"', 'flow main', 'agent A {', '=> => =>', '\u0000\u0001']) {
      const result = parse(source, FILE);
      assert.equal(result.program.kind, 'Program');
      if (source.trim() !== '') assert.ok(result.diagnostics.length > 0, `no error for ${JSON.stringify(source)}`);
    }
  });
});

describe('pathological input', () => {
  it('reports absurd nesting once instead of overflowing the stack', () => {
    const depth = 20_000;
    for (const source of [
      `x = ${'('.repeat(depth)}`,
      `x = ${'['.repeat(depth)}1`,
      `flow main {${' if x {'.repeat(depth)}`,
      `x = ${'-'.repeat(depth)}1`,
      `x = ${'not '.repeat(depth)}y`,
      `let ${'['.repeat(depth)}a = 1`,
      `protocol P { f: ${'list['.repeat(depth)}str }`,
    ]) {
      const messages = syntaxErrors(source);
      assert.ok(messages.some((m) => m.includes('Syntax error: nesting is too deep: more than 128 levels')), messages.join('\n'));
    }
  });

  it('limits strings nested inside interpolations', () => {
    const messages = syntaxErrors(`x = ${'"#{'.repeat(1000)}`);
    assert.ok(messages.some((m) => m.includes('Syntax error: interpolation nested too deeply')), messages.slice(0, 3).join('\n'));
  });

  it('counts interpolation nesting towards the parser depth limit', () => {
    let source = '1';
    const PARENS_PER_LEVEL = 120;
    for (let level = 0; level < 16; level++) {
      source = `"#{${'('.repeat(PARENS_PER_LEVEL)}${source}${')'.repeat(PARENS_PER_LEVEL)}}"`;
    }
    assert.deepEqual(syntaxErrors(`x = ${source}`).length, 1);
  });
});
