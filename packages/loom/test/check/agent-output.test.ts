import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findings } from './helpers.js';

test('output_schema names a protocol or lists the fields with their types, as the v2.1 examples write it', () => {
  const source = `protocol Plan { steps: "list[str]" }
agent Named { prompt: "n", output_schema: Plan }
agent Inline { prompt: "i", output_format: "json", output_schema: { "steps": "string", estimated_time: "int | float", "notes": "str?" } }
agent Same implements Plan { prompt: "s", output_schema: Plan }
flow main { print(Named, Inline, Same) }`;
  assert.deepEqual(findings(source), []);
});

test("a malformed output_schema is E002 where it goes wrong; an unknown protocol E001, an unknown type E002 inside the quotes", () => {
  const source = `agent A { prompt: "a", output_schema: { "steps": 3, "when": "tomorow" } }
agent B { prompt: "b", output_schema: {} }
agent C { prompt: "c", output_schema: "Plan" }
agent D { prompt: "d", output_schema: Missing }
flow main { print(A, B, C, D) }`;
  assert.deepEqual(findings(source), [
    `1:50 E002 Type mismatch: 'output_schema' expects the name of a protocol or its fields, { "field": "type", ... }: a field's type is written as a string, a { ... } of fields, or [ one of those ] for a list`,
    "1:62 E002 Type mismatch: unknown type 'tomorow' in protocol field",
    "2:39 E002 Type mismatch: 'output_schema' names no fields",
    `3:39 E002 Type mismatch: 'output_schema' expects the name of a protocol or its fields, { "field": "type", ... }`,
    "4:39 E001 Undeclared identifier 'Missing'",
  ]);
});

test('the reply follows one protocol: an output_schema naming another than implements, or fields beside it, is E002', () => {
  const source = `protocol Plan { steps: "str" }
protocol Other { x: "int" }
agent A implements Plan { prompt: "a", output_schema: Other }
agent B { prompt: "b", context { output_schema: Plan }, output_schema: { "x": "int" } }
flow main { print(A, B) }`;
  assert.deepEqual(findings(source), [
    "3:55 E002 Type mismatch: agent 'A' already replies in 'Plan' (implements), so its output_schema property cannot name another protocol",
    "4:72 E002 Type mismatch: agent 'B' already replies in 'Plan' (its context block's output_schema), so its output_schema property cannot name another protocol",
  ]);
});
