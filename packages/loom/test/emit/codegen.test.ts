import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CheckResult } from '../../src/compile.js';
import { checkSource } from '../../src/compile.js';
import { RUNTIME_SPECIFIER } from '../../src/cli/generate.js';
import { generateModule } from '../../src/emit/codegen.js';
import { SourceMapLocator } from '../../src/language/source-map.js';
import { importFromMemory, runProgram } from '../../src/runtime/host/run-program.js';

const FILE = 'program.nx';

async function run(checked: CheckResult): Promise<{ status: number; stdout: string; stderr: string }> {
  const generated = generateModule(checked, { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'program.mjs' });
  const { program, moduleUrl } = await importFromMemory(generated.code);
  let stdout = '';
  let stderr = '';
  const status = await runProgram({
    program, moduleUrl, map: generated.map, entryFile: FILE, env: {}, debug: false, args: ['a1'],
    stdout: (text) => (stdout += text), stderr: (text) => (stderr += text),
  });
  return { status, stdout, stderr };
}

test('old(x) in ensures is the value x had when the flow started', async () => {
  const checked = checkSource(`flow grow(items) ensures len(items) > len(old(items)) {
    items.append(1)
    return items
}

flow keep(items) ensures len(items) > len(old(items)) {
    return items
}

flow main {
    print(grow([5]))
    keep([5])
}
`, FILE);
  assert.deepEqual(checked.diagnostics, []);
  const outcome = await run(checked);
  assert.equal(outcome.stdout, '[5, 1]\n');
  assert.equal(outcome.stderr, `ContractViolation(ensures:deterministic, message="len(items) > len(old(items))")\n  --> ${FILE}:6:18\n  = code E202\n`);
  assert.equal(outcome.status, 1);
});

test('flow main receives the arguments after -- when it declares a parameter', async () => {
  const outcome = await run(checkSource('flow main(args) {\n    print(args)\n}\n', FILE));
  assert.equal(outcome.stdout, '["a1"]\n');
});

test('a numeric loop compiles to native comparisons and inlinable helpers', () => {
  const generated = generateModule(checkSource('flow main {\n    i = 0\n    while i < 10 { i = i + 1 }\n}\n', FILE), { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'x.mjs' });
  assert.match(generated.code, /while \(\(i < 10\)\)/);
  assert.match(generated.code, /i = \$rt\.add\(i, 1\);/);
});

test('the source map leads from a generated statement back to its .nx line and column', () => {
  const source = 'flow main {\n    print("a")\n    value = [1, 2][5]\n}\n';
  const generated = generateModule(checkSource(source, FILE), { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'x.mjs' });
  const lines = generated.code.split('\n');
  const line = lines.findIndex((text) => text.includes('$rt.index(')) + 1;
  const column = lines[line - 1].indexOf('$rt.index(') + 1;
  assert.deepEqual(new SourceMapLocator(generated.map).originalPosition(line, column), { file: FILE, line: 3, column: 13 });
  assert.deepEqual(generated.map.sourcesContent, [source]);
});

test("an agent property computed from a script variable compiles to that variable, as the checker resolved it", () => {
  const checked = checkSource('chosen = "openai/gpt-4o"\nagent Bot { prompt: "p", model: chosen }\nflow main { print(Bot.run) }\n', FILE);
  assert.deepEqual(checked.diagnostics, []);
  const generated = generateModule(checked, { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'x.mjs' });
  assert.match(generated.code, /"model": chosen/);
});

test('arguments are evaluated as written, named ones out of parameter order too', async () => {
  const checked = checkSource(`flow show(a, b, c = "C") { print(a + b + c) }
flow mark(x) { print(x); return x }
flow main {
    show(b: mark("B"), a: mark("A"))
    show(mark("1"), c: mark("3"), b: mark("2"))
}
`, FILE);
  assert.deepEqual(checked.diagnostics, []);
  const outcome = await run(checked);
  assert.equal(outcome.stdout, 'B\nA\nABC\n1\n3\n2\n123\n');
  assert.equal(outcome.status, 0);
});

test("a dict key written __proto__ is a key like any other, not the dict's prototype", async () => {
  const outcome = await run(checkSource('flow main {\n    d = {__proto__: 5, k: 1}\n    print(d, len(d))\n}\n', FILE));
  assert.equal(outcome.stdout, '{"__proto__": 5, "k": 1} 2\n');
});

test('x in c evaluates x first, as written', async () => {
  const outcome = await run(checkSource('flow mark(x) { print(x); return x }\nflow main {\n    print(mark(2) in mark([1, 2]))\n}\n', FILE));
  assert.equal(outcome.stdout, '2\n[1, 2]\ntrue\n');
});

test('a method calling the global function of its own name calls that function, as the checker resolved it', async () => {
  const outcome = await run(checkSource(`fn describe(x) { return "global " + x }
struct Box { v: int }
trait Show { fn describe() }
impl Show for Box {
    fn describe() { return "box of " + describe(self.v) }
}
flow main { print(Box(v: 3).describe()) }
`, FILE));
  assert.equal(outcome.stderr, '');
  assert.equal(outcome.stdout, 'box of global 3\n');
});

test('a number pattern with a time unit matches the same duration as the literal (500ms is 0.5)', async () => {
  const outcome = await run(checkSource('flow main {\n    t = 500ms\n    r = match t {\n        2s => "two"\n        500ms => "half"\n        _ => "other"\n    }\n    print(r)\n}\n', FILE));
  assert.equal(outcome.stdout, 'half\n');
});
