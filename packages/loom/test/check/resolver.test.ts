import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { check } from '../../src/check/checker.js';
import { parse } from '../../src/syntax/parser.js';
import { SUGGESTED_UNDECLARED_NAMES_MAX } from '../../src/check/resolver.js';
import { ENTRY, checkDiagnostics, findings, onlyFinding, readFrom } from './helpers.js';

suite('undeclared identifiers (E001)', () => {
  test('an unknown agent is reported at its name, once however often it is used', () => {
    const source = [
      'flow main {',
      '    draft = Writer.run("topic")',
      '    print(Writer.run(draft))',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), ["2:13 E001 Undeclared identifier 'Writer'"]);
  });

  test("an agent property computed from a name is resolved like any expression: 'model: m' needs m declared", () => {
    assert.deepEqual(findings('agent Bot { prompt: "p", model: chosen_model }\nflow main { Bot.run("x") }'), [
      "1:33 E001 Undeclared identifier 'chosen_model'",
    ]);
    assert.deepEqual(findings('chosen_model = "openai/gpt-4o"\nagent Bot { prompt: "p", model: chosen_model }\nflow main { Bot.run("x") }'), []);
  });

  test('every undeclared name is reported, but only the first ones get a suggestion, so checking stays linear', () => {
    const count = SUGGESTED_UNDECLARED_NAMES_MAX + 20;
    const body = Array.from({ length: count }, (_, i) => `    value_${i} = valu_${i} + 1`).join('\n');
    const diagnostics = checkDiagnostics(`flow main {\n${body}\n}`);
    assert.equal(diagnostics.length, count);
    assert.equal(diagnostics.filter((d) => d.hint !== undefined).length, SUGGESTED_UNDECLARED_NAMES_MAX);
    assert.equal(diagnostics[0]?.hint, "did you mean 'value_0'?");
  });

  test('a misspelt name gets a suggestion', () => {
    const finding = onlyFinding('agent Writer { prompt: "w" }\nflow main { Wrter.run("x") }');
    assert.equal(finding.hint, "did you mean 'Writer'?");
    assert.equal(finding.span.start.column, 13);
    assert.equal(finding.span.end.column, 18);
  });

  test('an agent declared after the flow that uses it is E001 with a hint to move it', () => {
    const source = [
      'flow main {',
      '    result = Helper.run("hi")',
      '}',
      'agent Helper { prompt: "help" }',
    ].join('\n');
    const finding = onlyFinding(source);
    assert.equal(finding.code, 'E001');
    assert.equal(finding.message, "Undeclared identifier 'Helper'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [2, 14]);
    assert.match(finding.hint ?? '', /agents must be declared before the flow 'main' that uses them: move agent 'Helper' \(declared at main\.nx:4:7\) above it/);
  });

  test('flows, tools, protocols and types may be used before their declaration', () => {
    const source = [
      'flow main { print(later("x")) }',
      'flow later(text: Note) -> Note { return text }',
      'agent Bot implements Report uses lookup { prompt: "p" }',
      '@tool("d") fn lookup() -> str { return "x" }',
      'protocol Report { summary: "string" }',
      'type Note = str',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('builtins and standard library namespaces need no declaration', () => {
    const source = [
      'flow main {',
      '    key = secret("API_KEY")',
      '    name = int("7")',
      '    print(len(key), str(42), std.fs.file_read("a.txt"), std.db.sqlite.connect(":memory:"))',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('an unknown standard library namespace is reported at the namespace', () => {
    assert.deepEqual(findings('flow main { std.files.read("a") }'), [
      "1:17 E001 Undeclared identifier 'std.files': the standard library has no namespace 'files'",
    ]);
  });

  test('a variable assigned anywhere in a flow is visible in all of it, as loops need', () => {
    const source = [
      'agent Writer { prompt: "w" }',
      'agent Critic { prompt: "c" }',
      'flow main {',
      '    loop {',
      '        draft = Writer.run(feedback)',
      '        feedback = Critic.run(draft)',
      '    } until ("the draft is good")',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('a variable of another flow is not visible', () => {
    const source = ['flow first { secret_value = 1 }', 'flow second { print(secret_value) }'].join('\n');
    assert.deepEqual(findings(source), ["2:21 E001 Undeclared identifier 'secret_value'"]);
  });

  test('parameters, for, catch, let destructuring and closures bind names', () => {
    const source = [
      'flow main(items, fallback_text) {',
      '    for each item in items { print(item) }',
      '    let [first, ..rest] = items',
      '    let { name, age: years } = first',
      '    try { print(name, years, rest) } catch (err) { print(err, fallback_text) }',
      '    double = fn(x) { return x * 2 }',
      '    print(double(2))',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('names bound by a match arm are visible only in that arm', () => {
    const source = [
      'flow main(result) {',
      '    text = match result {',
      '        Option::Some(answer) => answer',
      '        _ => answer',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), ["4:14 E001 Undeclared identifier 'answer'"]);
  });

  test('enum variants must exist', () => {
    const source = [
      'enum Mood { Happy, Sad(reason) }',
      'flow main {',
      '    a = Mood::Sad("rain")',
      '    b = Mood::Angry',
      '    c = Colour::Red',
      '    d = Option::Nope',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "4:15 E001 Undeclared identifier 'Mood::Angry': enum 'Mood' has no variant 'Angry'",
      "5:9 E001 Undeclared identifier 'Colour'",
      "6:17 E001 Undeclared identifier 'Option::Nope': enum 'Option' has no variant 'Nope'",
    ]);
  });

  test('an unknown type in an annotation is an undeclared identifier', () => {
    const source = 'protocol Report { summary: "string" }\nflow main(input: Reprt) -> list[Report] { return [] }';
    const finding = onlyFinding(source);
    assert.equal(finding.message, "Undeclared identifier 'Reprt'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [2, 18]);
    assert.equal(finding.hint, "did you mean 'Report'?");
  });

  test('a postcondition may name the returned value as result', () => {
    const source = 'flow pay(amount: int) -> int\n    requires amount > 0\n    ensures result >= 0\n{ return amount }';
    assert.deepEqual(findings(source), []);
  });

  test('a postcondition may name a value on entry as old(x); old is unknown anywhere else', () => {
    const ok = 'flow grow(items) -> list\n    ensures len(result) > len(old(items))\n{ return items }';
    assert.deepEqual(findings(ok), []);
    const outside = 'flow grow(items) -> list\n    requires len(old(items)) > 0\n{ return items }';
    assert.deepEqual(findings(outside), ["2:18 E001 Undeclared identifier 'old'"]);
  });

  test('uses must name declared tools; implements a declared protocol', () => {
    const source = 'agent Bot uses std.http, web_serch implements Missing { prompt: "p" }\ntool web_search { description: "d" }';
    assert.deepEqual(findings(source), [
      "1:26 E001 Undeclared identifier 'web_serch'",
      "1:47 E001 Undeclared identifier 'Missing'",
    ]);
  });

  test('implements must name a protocol, impl a trait for a struct or enum (E002 otherwise)', () => {
    const source = [
      'struct Point { x: int }',
      'trait Show { fn show() -> str }',
      'flow render { print(1) }',
      'agent Bot implements Point { prompt: "p" }',
      'impl render for Point { fn show() -> str { return "p" } }',
      'impl Show for Show { fn show() -> str { return "s" } }',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "4:22 E002 Type mismatch: 'Point' is a struct, not a protocol",
      "5:6 E002 Type mismatch: 'render' is a flow, not a trait",
      "6:15 E002 Type mismatch: 'Show' is a trait, not a struct or enum",
    ]);
  });

  test('server routes must name declared handlers', () => {
    const source = 'flow health() { return json({status: "ok"}) }\nserver 8080 {\n    route GET "/health" => health\n    route GET "/x" => missing\n}';
    assert.deepEqual(findings(source), ["4:23 E001 Undeclared identifier 'missing'"]);
  });

  test('no undeclared-name errors are reported for a file with syntax errors', () => {
    const { program, diagnostics } = parse('agent { prompt: "p" }\nflow main { Writer.run("x") }', ENTRY);
    assert.ok(diagnostics.some((d) => d.code === 'E004'));
    assert.deepEqual(check(program, { readFile: readFrom({}) }).filter((d) => d.code === 'E001'), []);
  });
});
