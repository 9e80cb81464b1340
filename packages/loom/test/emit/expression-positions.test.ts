/**
 * Every expression form, in every place an expression may stand, compiles to a module Node
 * can load: a program the checker accepts must never fail at `import` with a SyntaxError of
 * the generated JavaScript (as `print(match x {…})` once did).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSource } from '../../src/compile.js';
import { RUNTIME_SPECIFIER } from '../../src/cli/generate.js';
import { generateModule } from '../../src/emit/codegen.js';
import { importFromMemory } from '../../src/runtime/host/run-program.js';

/** Expression forms, written over the variables every program below declares. */
const FORMS: readonly string[] = [
  '42', '"text"', 'none', 'true', 'x + 1 * 2', 'x == 1 and not false', '-x', '(x)',
  'match x { 1 => "one", _ => "other" }',
  'match x { 1 => { y = 2\n y }, n if n > 5 => n, _ => 0 }',
  'match x { 1 => match y { _ => 0 }, _ => 1 }',
  'fn(a) { return a + 1 }',
  'double(x)', 'double(n: x)', 'xs[0]', 'xs[0:1]', 'd["k"]', 'd.k', 'xs.len()',
  '"s #{x} t"', 'template """{{ v }}"""', '[1, x, ...xs]', '{"k": x, "l": [x]}',
  'x ?? 0', 'x |> double', 'Option::Some(1)', 'Some(x)', 'xs otherwise { 0 }', '{"k": 1}', '{}',
];

/** Places an expression may stand, `E` marking it. */
const POSITIONS: readonly string[] = [
  'print(E)', 'y = E', 'let z = E', 'let z: any = E', 'y = [E, 1]', 'y = {"k": E}', 'y = "a" + str(E)',
  'y = E == E', 'y = not (E)', 'y = xs[E]', 'y = E ?? 1', 'print("v=#{E}")', 'E', 'double(E)',
  'if E { print(1) } else { print(2) }', 'while E { break }', 'for i in [E] { print(i) }',
  'y = match E { _ => 1 }', 'y = match x { _ => E }', 'f = fn() { return E }',
  'd["k"] = E', 'y += E', 'return E', 'y = E otherwise 0', 'y = E?',
];

function program(position: string, form: string): string {
  const body = position.replace('E', () => form);
  return [
    'flow double(n) { return n * 2 }',
    'flow main {',
    '    x = 1', '    y = 2', '    xs = [1, 2]', '    d = {"k": 1}', '    v = "v"',
    `    ${body.split('\n').join('\n    ')}`,
    '}',
  ].join('\n');
}

test('every expression form in every position compiles to a module Node loads', async () => {
  let accepted = 0;
  const failures: string[] = [];
  for (const form of FORMS) {
    for (const position of POSITIONS) {
      const source = program(position, form);
      const checked = checkSource(source, 'positions.nx');
      if (checked.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) continue;
      accepted += 1;
      const generated = generateModule(checked, { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'positions.mjs' });
      try {
        await importFromMemory(generated.code);
      } catch (error) {
        failures.push(`${position.replace('E', () => form)}: ${(error as Error).message}`);
      }
    }
  }
  assert.deepEqual(failures, []);
  // The property says nothing if the checker refused most combinations.
  assert.ok(accepted >= FORMS.length * POSITIONS.length * 0.8, `only ${accepted} of ${FORMS.length * POSITIONS.length} programs were accepted`);
});

test("'break', 'continue' and 'return' may not leave a match used as a value, but may leave one in place", () => {
  const errors = (body: string) =>
    checkSource(`flow main {\n    for i in [1] {\n        ${body}\n    }\n}\n`, 'p.nx').diagnostics.map((d) => `${d.code} ${d.message}`);
  assert.deepEqual(errors('print(match i { 1 => { break }, _ => 0 })'), ["E004 Syntax error: 'break' cannot leave a match used as a value"]);
  assert.deepEqual(errors('y = [match i { _ => { continue } }]'), ["E004 Syntax error: 'continue' cannot leave a match used as a value"]);
  assert.deepEqual(errors('print(match i { _ => { return 1 } })'), ["E004 Syntax error: 'return' cannot leave a match used as a value"]);
  assert.deepEqual(errors('match i { 1 => { break }, _ => { continue } }'), []);
  assert.deepEqual(errors('y = match i { 1 => { break }, _ => 0 }'), []);
});
