/**
 * `loom validate --harness=strict|warn|off`: the rules of the Nexa harness validator, as the
 * lint warning W007 (warn, the default), the error E007 (strict) or nothing (off).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runInProcess } from './run-in-process.js';

let root: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'loom-validate-harness-'));
});

after(() => rmSync(root, { recursive: true, force: true }));

function write(name: string, source: string): string {
  const file = join(root, name);
  writeFileSync(file, source);
  return file;
}

/** One violation of each rule Loom checks, and an unharnessed block no rule looks into. */
const LOOSE = `@tool("Deletes")
fn delete_file(path: string) { return path }

agent Worker uses delete_file { prompt: "Do the work", model: "openai/gpt-4o" }
agent Idle { prompt: "Wait", model: "openai/gpt-4o" }

flow main {
    autoloop {
        result = Worker.run("step")
        reflect "think again"
        verify "the step is done" against result
    }
    snap = snapshot()
    all = fork [Worker.run("a"), Worker.run("b")]
    unharnessed "measured elsewhere" {
        autoloop { print(1) }
    }
}
`;

const WARNINGS = [
  ['1:7', 'T-004', "@tool description 'Deletes' is too short to tell the model what the tool does"],
  ['2:4', 'T-002', "@tool fn 'delete_file' has no return type (the agent may misread what it gives)"],
  ['4:7', 'C-001', "agent 'Worker' has no context window and is asked outside any with_context, so its conversation may outgrow the model's limit"],
  ['5:7', 'C-001', "agent 'Idle' has no context window and is asked outside any with_context, so its conversation may outgrow the model's limit"],
  ['5:7', 'X-001', "agent 'Idle' uses no harness dimension (an unharnessed agent)"],
  ['8:5', 'E-001', 'autoloop without max_steps (it stops only at the default of 50 steps)'],
  ['8:5', 'E-003', 'autoloop without timeout may run for a long time'],
  ['10:9', 'L-002', 'reflect without before_step or after_step hooks (less effective)'],
  ['11:9', 'V-002', 'verify with a semantic condition costs a model call each time'],
  ['13:12', 'S-001', 'snapshot without restore (the state is kept for nothing)'],
  ['14:11', 'S-002', 'fork without merge (its branches are kept as a list)'],
] as const;

interface JsonFinding {
  readonly code: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly hint?: string;
}

test('by default each rule a harness program breaks is a warning W007 naming the Nexa rule, and validate passes', async () => {
  const file = write('loose.nx', LOOSE);
  const run = await runInProcess(['validate', '--json', file]);
  assert.equal(run.status, 0);
  const report = JSON.parse(run.stdout) as { valid: boolean; errors: JsonFinding[]; warnings: JsonFinding[] };
  assert.equal(report.valid, true);
  assert.deepEqual(report.errors, []);
  assert.deepEqual(
    report.warnings.map((finding) => [`${finding.line}:${finding.column}`, finding.code, finding.message]),
    WARNINGS.map(([at, rule, message]) => [at, 'W007', `Harness rule ${rule}: ${message}`]),
  );
  assert.equal(report.warnings.find((finding) => finding.message.includes('E-003'))?.hint, 'add timeout: 300 (seconds)');
  assert.ok(!report.warnings.some((finding) => finding.message.includes('V-003') && finding.line !== 8), 'the unharnessed autoloop is not judged');
  // The agent asked in the loop is credited with E (and the loop's verify V, reflect L), so X-002 does not fire for it.
  assert.ok(!report.warnings.some((finding) => finding.message.includes("'Worker' uses")));
});

test('--harness=strict makes them errors E007 (exit 2), --harness=off leaves them out', async () => {
  const file = write('loose.nx', LOOSE);
  const strict = await runInProcess(['validate', '--harness=strict', file]);
  assert.equal(strict.status, 2);
  assert.match(strict.stderr, /^Error E007: Harness rule violated: T-004 @tool description 'Deletes' is too short/m);
  assert.match(strict.stdout, /loose\.nx: invalid \(11 errors, 0 warnings\)/);
  const off = await runInProcess(['validate', '--harness=off', file]);
  assert.equal(off.status, 0);
  assert.equal(off.stderr, '');
  const wrong = await runInProcess(['validate', '--harness=loud', file]);
  assert.equal(wrong.status, 64);
  assert.match(wrong.stderr, /option '--harness' takes one of: strict, warn, off/);
});

test('a program that uses no harness form is not judged, even strictly', async () => {
  const file = write('plain.nx', '@tool("x")\nfn f(a) { return a }\nagent A uses f { prompt: "p", model: "openai/gpt-4o" }\nflow main { print(A.run("hi")) }\n');
  const run = await runInProcess(['validate', '--harness=strict', file]);
  assert.equal(run.status, 0);
  assert.equal(run.stdout, `${file}: valid (0 errors, 0 warnings)\n`);
});

test('a harness form only inside an unharnessed block leaves the program unjudged; a snapshot call alone makes it judged', async () => {
  const agent = 'agent A { prompt: "p", model: "openai/gpt-4o" }\n';
  const fenced = write('fenced.nx', `${agent}flow main {\n    unharnessed "elsewhere" {\n        autoloop { print(A.run("hi")) }\n    }\n}\n`);
  const unjudged = await runInProcess(['validate', '--harness=strict', fenced]);
  assert.equal(unjudged.status, 0, unjudged.stderr);
  assert.equal(unjudged.stdout, `${fenced}: valid (0 errors, 0 warnings)\n`);
  const snapshotOnly = write('snapshot-only.nx', `${agent}flow main {\n    snap = snapshot()\n    print(A.run("hi"))\n}\n`);
  const judged = await runInProcess(['validate', '--harness=strict', '--json', snapshotOnly]);
  assert.equal(judged.status, 2);
  const messages = (JSON.parse(judged.stdout) as { errors: JsonFinding[] }).errors.map((finding) => finding.message);
  assert.ok(messages.some((message) => message.includes('S-001 snapshot without restore')), judged.stdout);
});

test('a well-harnessed program passes strictly', async () => {
  const file = write('tight.nx', `@tool("Runs a shell command and returns its output")
fn shell_exec(command: string) -> string { return command }

agent Worker uses shell_exec { prompt: "Do the work", model: "openai/gpt-4o", context_policy: { max_tokens: 8000 } }

flow main {
    after_step { print("step done") }
    autoloop max_steps: 5, exit_when: "the work is done", timeout: 120 {
        try_agent {
            result = Worker.run("step")
        } catch_correction(e: ToolError) {
            reflect "the tool failed: #{e}"
        }
        verify result satisfies string
    }
}
`);
  const run = await runInProcess(['validate', '--harness=strict', file]);
  assert.equal(run.stderr, '');
  assert.equal(run.status, 0);
});
