import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FIXTURES, runLoom } from './run-loom.js';

const COMPILE_ERROR_STATUS = 2;

interface Finding {
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
  hint?: string;
}

interface ValidateReport {
  valid: boolean;
  errors: Finding[];
  warnings: Finding[];
}

function parseReport(stdout: string): ValidateReport {
  return JSON.parse(stdout) as ValidateReport;
}

describe('loom validate', { concurrency: true }, () => {
  it('accepts a valid file with status 0', async () => {
    const run = await runLoom(['validate', `${FIXTURES}/greeting.nx`]);
    assert.equal(run.status, 0);
    assert.equal(run.stdout, `${FIXTURES}/greeting.nx: valid (0 errors, 0 warnings)\n`);
    assert.equal(run.stderr, '');
  });

  it('reports a syntax error with a code frame on stderr and status 2', async () => {
    const file = `${FIXTURES}/missing-agent-name.nx`;
    const run = await runLoom(['validate', file]);
    assert.equal(run.status, COMPILE_ERROR_STATUS);
    assert.match(run.stderr, new RegExp(`^Error E004: .+\\n --> ${file}:2:7\\n  \\|\\n2 \\| agent \\{\\n  \\|       \\^`));
    assert.match(run.stdout, /: invalid \([1-9]\d* errors?, 0 warnings\)\n$/);
  });

  it('reports a semantic error found by the checker', async () => {
    const file = `${FIXTURES}/undeclared-agent.nx`;
    const run = await runLoom(['validate', file, '--json']);
    assert.equal(run.status, COMPILE_ERROR_STATUS);
    assert.deepEqual(parseReport(run.stdout).errors, [
      { code: 'E001', message: "Undeclared identifier 'Writer'", file, line: 9, column: 13 },
    ]);
  });

  it('gives a finding its hint in --json, as the text report gives its help line', async () => {
    const file = `${FIXTURES}/agent-below-flow.nx`;
    const [text, json] = await Promise.all([runLoom(['validate', file]), runLoom(['validate', file, '--json'])]);
    const hint = `agents must be declared before the flow 'main' that uses them: move agent 'Writer' (declared at ${file}:6:7) above it`;
    assert.deepEqual(parseReport(json.stdout).errors, [
      { code: 'E001', message: "Undeclared identifier 'Writer'", file, line: 3, column: 11, hint },
    ]);
    assert.ok(text.stderr.includes(`= help: ${hint}`), text.stderr);
  });

  it('refuses a python! block with E006, not as an undeclared identifier', async () => {
    const file = `${FIXTURES}/python-block.nx`;
    const [text, json] = await Promise.all([runLoom(['validate', file]), runLoom(['validate', file, '--json'])]);
    assert.equal(text.status, COMPILE_ERROR_STATUS);
    assert.equal(text.stderr.split('\n')[0], 'Error E006: Not supported by this runtime: python! blocks');
    assert.deepEqual(parseReport(json.stdout).errors, [
      {
        code: 'E006', message: 'Not supported by this runtime: python! blocks', file, line: 3, column: 9,
        hint: 'Loom runs no Python: write the code in Loom (a flow, or an @tool fn an agent can call), or run a Python script with std.shell',
      },
    ]);
  });

  it('shows the code frame of an error inside an included file', async () => {
    const run = await runLoom(['validate', `${FIXTURES}/includes-broken-library.nx`]);
    assert.equal(run.status, COMPILE_ERROR_STATUS);
    assert.match(run.stderr, new RegExp(`^Error E004: .+\\n --> ${FIXTURES}/broken-library.nxlib:6:7\\n  \\|\\n6 \\| agent \\{\\n`));
  });

  it('gives a finding the same message, led by its title, in the text report and in --json', async () => {
    const file = `${FIXTURES}/missing-agent-name.nx`;
    const [text, json] = await Promise.all([runLoom(['validate', file]), runLoom(['validate', file, '--json'])]);
    const message = parseReport(json.stdout).errors[0]?.message ?? '';
    assert.equal(message, "Syntax error: expected an agent name after 'agent', found '{'");
    assert.equal(text.stderr.split('\n')[0], `Error E004: ${message}`);
  });

  it('never colours output that is not a terminal', async () => {
    const run = await runLoom(['validate', `${FIXTURES}/missing-agent-name.nx`]);
    assert.ok(!run.stderr.includes('\u001b['));
  });

  it('prints {valid, errors, warnings} with --json', async () => {
    const valid = await runLoom(['validate', `${FIXTURES}/greeting.nx`, '--json']);
    assert.equal(valid.status, 0);
    assert.deepEqual(parseReport(valid.stdout), { valid: true, errors: [], warnings: [] });

    const file = `${FIXTURES}/missing-agent-name.nx`;
    const invalid = await runLoom(['validate', '--json', file]);
    assert.equal(invalid.status, COMPILE_ERROR_STATUS);
    assert.equal(invalid.stderr, '');
    const report = parseReport(invalid.stdout);
    assert.equal(report.valid, false);
    assert.deepEqual(Object.keys(report.errors[0] ?? {}), ['code', 'message', 'file', 'line', 'column']);
    assert.deepEqual({ ...report.errors[0], message: '' }, { code: 'E004', message: '', file, line: 2, column: 7 });
  });
});
