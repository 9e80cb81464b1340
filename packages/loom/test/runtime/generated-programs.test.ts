/**
 * A seeded fuzz test of the line "no user program ever sees an internal error": small random
 * programs that compile (values of every kind, operators on mixed types, indexing, fields and
 * methods of the wrong type, division by zero, calls with the wrong arity, null access, caught
 * and uncaught failures) run the way `loom run` runs them, and each failure must be reported
 * with a registry code and a `.nx` location, never as `internal error` or a JavaScript error
 * name. The seed is printed; LOOM_FUZZ_SEED=N replays one run, LOOM_FUZZ_PROGRAMS=N sets how
 * many programs (the default keeps the file within its time budget).
 *
 * Programs the compiler rejects are by design and skipped. A program that compiles but whose
 * JavaScript cannot be generated or imported is a code generator bug and fails the test (its
 * shape is listed in the test's diagnostics).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSource } from '../../src/compile.js';
import { RUNTIME_SPECIFIER } from '../../src/cli/generate.js';
import { generateModule } from '../../src/emit/codegen.js';
import { importFromMemory, runProgram } from '../../src/runtime/host/run-program.js';

const DEFAULT_SEED = 20_251_111;
const DEFAULT_PROGRAMS = 250;
/** A generated program has no unbounded loop; one that runs this long is a finding too. */
const PROGRAM_TIME_LIMIT_MS = 2_000;
const STATEMENTS_PER_PROGRAM = 6;
const JS_ERROR_NAMES = /\b(TypeError|ReferenceError|RangeError|SyntaxError|EvalError|URIError)\b/;

/** mulberry32: small, fast and the same on every machine, so a seed replays a run. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class ProgramGenerator {
  constructor(private readonly random: () => number) {}

  private pick<T>(choices: readonly T[]): T {
    return choices[Math.floor(this.random() * choices.length)];
  }

  private chance(probability: number): boolean {
    return this.random() < probability;
  }

  /** A literal or variable of any kind; `depth` bounds nesting. */
  value(depth = 0): string {
    const leaves = [
      () => String(Math.floor(this.random() * 13) - 3),
      () => (this.random() * 10 - 2).toFixed(2),
      () => this.pick(['"abc"', '""', '"4"', '"x y"', '"Ünï"']),
      () => this.pick(['true', 'false', 'null', 'none']),
      () => this.pick(['a', 'b', 'c', 'p', 'f', 'maybe']),
      () => this.pick(['Option::None', 'Some(1)', 'Ok("v")', 'Err("bad")']),
    ];
    const nested = [
      () => `[${this.list(depth)}]`,
      () => `{"k": ${this.value(depth + 1)}, "n": ${this.value(depth + 1)}}`,
      () => `Point(x: ${this.value(depth + 1)}, y: 2)`,
      () => 'fn(v) { v + 1 }',
    ];
    return depth >= 2 || this.chance(0.6) ? this.pick(leaves)() : this.pick(nested)();
  }

  private list(depth: number): string {
    const length = Math.floor(this.random() * 4);
    return Array.from({ length }, () => this.value(depth + 1)).join(', ');
  }

  expression(depth = 0): string {
    if (depth >= 2) return this.value(depth);
    const operand = (): string => this.expression(depth + 1);
    const forms = [
      () => this.value(depth),
      () => `${operand()} ${this.pick(['+', '-', '*', '/', '%', '**', '==', '!=', '<', '>', '<=', '>=', 'and', 'or', '??', 'in'])} ${operand()}`,
      () => `${this.pick(['-', 'not '])}${operand()}`,
      () => `${operand()}[${this.pick(['0', '-1', '5', '"k"', 'null', '1.5'])}]`,
      () => `${operand()}[${this.pick(['0', '1', '-2', ''])}:${this.pick(['2', '-1', '', '9'])}]`,
      () => `${operand()}.${this.pick(['k', 'x', 'length', 'missing', 'code'])}`,
      () => `${operand()}.${this.pick(['upper', 'append', 'keys', 'split', 'get', 'pop', 'join', 'map', 'nope', 'size'])}(${this.pick(['', '1', '"k"', 'fn(v) { v }', '1, 2'])})`,
      () => `${this.pick(['len', 'int', 'float', 'str', 'bool', 'list', 'dict', 'range', 'sorted', 'min', 'max', 'sum', 'abs', 'round', 'any', 'all', 'enumerate'])}(${this.pick(['', operand(), `${operand()}, ${operand()}`])})`,
      () => `${this.pick(['helper', 'f', 'p', 'maybe', 'Point'])}(${this.pick(['', operand(), `${operand()}, ${operand()}`])})`,
      () => `"text #{${operand()}}"`,
      () => `${operand()} otherwise ${operand()}`,
      () => `match ${operand()} { 1 => ${operand()}, "k" => ${operand()}, [x, ..rest] => x, _ => ${operand()} }`,
    ];
    return this.pick(forms)();
  }

  statement(): string {
    const forms = [
      () => `print(${this.expression()})`,
      () => `${this.pick(['a', 'b', 'c'])} = ${this.expression()}`,
      () => `try {\n        print(${this.expression()})\n    } catch (e) {\n        print(e.code, e)\n    }`,
      () => `if ${this.expression()} {\n        print("yes")\n    } else {\n        print("no")\n    }`,
      () => `for each item in ${this.expression()} {\n        print(item)\n    }`,
      () => `${this.pick(['a', 'b'])}[${this.pick(['0', '"k"', '3'])}] = ${this.value()}`,
    ];
    return this.pick(forms)();
  }

  program(): string {
    // Half the statements are guarded, so a program goes on past its first failure and the
    // catch path (e.code, printing the error) is exercised as well as the uncaught report.
    const statements = Array.from({ length: STATEMENTS_PER_PROGRAM }, () => {
      const statement = this.statement();
      return this.chance(0.5) ? `    try {\n        ${statement}\n    } catch (e) {\n        print(e.code, e, [e])\n    }` : `    ${statement}`;
    });
    return [
      'struct Point { x: int, y: int }',
      '',
      'fn helper(first, second) {',
      '    return first + second',
      '}',
      '',
      'flow main {',
      `    a = ${this.value()}`,
      `    b = ${this.value()}`,
      `    c = ${this.value()}`,
      `    p = Point(x: 1, y: 2)`,
      '    f = fn(v) { v * 2 }',
      '    maybe = Some(3)',
      ...statements,
      '}',
      '',
    ].join('\n');
  }
}

interface Outcome {
  readonly kind: 'rejected' | 'codegen-bug' | 'ran';
  readonly detail?: string;
  readonly status?: number;
  readonly stderr?: string;
}

async function runGenerated(source: string): Promise<Outcome> {
  const checked = checkSource(source, 'fuzz.nx');
  if (checked.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { kind: 'rejected' };
  let loaded: Awaited<ReturnType<typeof importFromMemory>>;
  let map: ReturnType<typeof generateModule>['map'];
  try {
    const generated = generateModule(checked, { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'fuzz.mjs' });
    map = generated.map;
    loaded = await importFromMemory(generated.code);
  } catch (error) {
    return { kind: 'codegen-bug', detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  let stderr = '';
  const run = runProgram({
    program: loaded.program, moduleUrl: loaded.moduleUrl, map, entryFile: 'fuzz.nx', env: {}, debug: false, args: [],
    stdout: () => undefined, stderr: (text) => (stderr += text),
  });
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), PROGRAM_TIME_LIMIT_MS)));
  const status = await Promise.race([run, limit]);
  clearTimeout(timer);
  if (status === 'timeout') return { kind: 'ran', status: -1, stderr: `did not finish within ${PROGRAM_TIME_LIMIT_MS} ms` };
  return { kind: 'ran', status, stderr };
}

test('generated programs never fail with an internal error, a JavaScript error name or an unlocated, uncoded report', async (t) => {
  const seed = Number(process.env['LOOM_FUZZ_SEED'] ?? DEFAULT_SEED);
  const count = Number(process.env['LOOM_FUZZ_PROGRAMS'] ?? DEFAULT_PROGRAMS);
  const generator = new ProgramGenerator(randomSource(seed));
  const counts = { rejected: 0, 'codegen-bug': 0, ran: 0, failed: 0 };
  const codegenBugs = new Map<string, string>();
  const findings: string[] = [];
  /** Distinct wrong reports, numbers masked, so one run shows every kind of mistake at once. */
  const kinds = new Set<string>();
  for (let index = 0; index < count; index += 1) {
    const source = generator.program();
    const outcome = await runGenerated(source);
    counts[outcome.kind] += 1;
    if (outcome.kind === 'codegen-bug') {
      if (!codegenBugs.has(outcome.detail ?? '')) codegenBugs.set(outcome.detail ?? '', source);
      continue;
    }
    if (outcome.kind !== 'ran' || outcome.status === 0) continue;
    counts.failed += 1;
    const stderr = outcome.stderr ?? '';
    const problems = [
      stderr.includes('internal error') ? 'internal error' : null,
      JS_ERROR_NAMES.test(stderr) ? 'a JavaScript error name' : null,
      /= code E[0-9A-C]\d\d/.test(stderr) ? null : 'no registry code',
      /--> fuzz\.nx:\d+:\d+/.test(stderr) ? null : 'no location',
    ].filter((problem) => problem !== null);
    if (problems.length > 0) {
      findings.push(`program ${index} (${problems.join(', ')}):\n${source}\nreported:\n${stderr}`);
      kinds.add(`${problems.join(', ')}: ${stderr.split('\n')[0].replace(/\d+/g, 'N')}`);
    }
  }
  t.diagnostic(`seed ${seed}: ${JSON.stringify(counts)}`);
  for (const [detail, source] of codegenBugs) t.diagnostic(`code generator bug (skipped): ${detail}\n${source}`);
  assert.ok(counts.ran > count / 3, `too few generated programs compile and run: ${JSON.stringify(counts)}`);
  assert.deepEqual([...codegenBugs.keys()], [], 'programs that compile must generate a module Node loads');
  assert.equal(findings.length, 0, `${findings.length} of ${counts.failed} failing programs were reported wrongly:\n${[...kinds].join('\n')}\nthe first:\n${findings[0] ?? ''}`);
});
