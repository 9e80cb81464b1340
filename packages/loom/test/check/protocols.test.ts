import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings, onlyFinding } from './helpers.js';

suite('protocol declarations', () => {
  test('quoted field types, nested generics and declared types are accepted', () => {
    const source = [
      'struct Person { name: str }',
      'protocol Report {',
      '    score: "int",',
      '    summary: "string",',
      '    tags: "list[string]",',
      '    details: "dict[string, list[dict[string, any]]]",',
      '    author: "Person?",',
      '    status: "string | int"',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('bare field types (reference §2.3) are accepted beside quoted ones', () => {
    const source = 'struct Person { name: str }\nprotocol R {\n    score: number,\n    items: list[str],\n    note: str?,\n    who: Person | int,\n    quoted: "int"\n}';
    assert.deepEqual(findings(source), []);
  });

  test('an unknown bare field type is a type mismatch at the name, as inside quotes', () => {
    const finding = onlyFinding('protocol Report {\n    score: numbr\n}');
    assert.equal(finding.message, "Type mismatch: unknown type 'numbr' in protocol field");
    assert.deepEqual([finding.span.start.line, finding.span.start.column, finding.span.end.column], [2, 12, 17]);
    assert.equal(finding.hint, "did you mean 'number'?");
  });

  test('an unknown type name inside the quotes is marked exactly', () => {
    const finding = onlyFinding('protocol Report {\n    tags: "list[strng]"\n}');
    assert.equal(finding.message, "Type mismatch: unknown type 'strng' in protocol field");
    assert.deepEqual([finding.span.start.line, finding.span.start.column, finding.span.end.column], [2, 17, 22]);
    assert.equal(finding.hint, "did you mean 'string'?");
  });

  test('malformed type strings and wrong argument counts are type mismatches', () => {
    assert.deepEqual(findings('protocol R {\n    a: "list[",\n    b: "a string",\n    c: "dict[string]"\n}'), [
      "2:8 E002 Type mismatch: 'list[' is not a well-formed type: it ends too early",
      "3:11 E002 Type mismatch: 'a string' is not a well-formed type: unexpected 'string'",
      "4:9 E002 Type mismatch: 'dict' takes no type arguments or 2 type arguments, not 1",
    ]);
  });

  test('a field declared twice is E005 at the second', () => {
    const finding = onlyFinding('protocol R {\n    a: "int",\n    a: "string"\n}');
    assert.equal(finding.code, 'E005');
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [3, 5]);
    assert.equal(finding.hint, "'a' is already declared at main.nx:2:5");
  });
});
