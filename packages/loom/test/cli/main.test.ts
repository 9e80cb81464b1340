import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FIXTURES, runLoom } from './run-loom.js';

const USAGE_STATUS = 64;
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('loom command line', { concurrency: true }, () => {
  it('prints the package version', async () => {
    for (const flag of ['--version', '-V']) {
      const run = await runLoom([flag]);
      assert.equal(run.status, 0);
      assert.equal(run.stdout, `loom ${manifest.version}\n`);
    }
  });

  it('lists the commands in --help', async () => {
    const run = await runLoom(['--help']);
    assert.equal(run.status, 0);
    for (const command of ['validate', 'lint', 'explain', 'help']) {
      assert.match(run.stdout, new RegExp(`^  ${command} `, 'm'));
    }
    assert.equal(run.stderr, '');
  });

  it('shows the usage and options of one command', async () => {
    for (const args of [['help', 'validate'], ['validate', '--help'], ['validate', '-h']]) {
      const run = await runLoom(args);
      assert.equal(run.status, 0, args.join(' '));
      assert.match(run.stdout, /^Usage: loom validate FILE \[--harness strict\|warn\|off\] \[--json\]\n/);
      assert.match(run.stdout, /--json\s+Print \{valid, errors, warnings\} as JSON/);
    }
  });

  it('refuses an unknown command with status 64', async () => {
    const run = await runLoom(['frobnicate', 'x.nx']);
    assert.equal(run.status, USAGE_STATUS);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^loom: unknown command 'frobnicate'\nRun 'loom --help'/);
  });

  it('suggests the command or option a typo was probably meant to be', async () => {
    const command = await runLoom(['validte', 'x.nx']);
    assert.equal(command.status, USAGE_STATUS);
    assert.match(command.stderr, /unknown command 'validte'; did you mean 'validate'\?/);
    const option = await runLoom(['lint', `${FIXTURES}/greeting.nx`, '--warn-untype']);
    assert.equal(option.status, USAGE_STATUS);
    assert.match(option.stderr, /unknown option '--warn-untype' for 'loom lint'; did you mean '--warn-untyped'\?\nRun 'loom help lint'/);
  });

  it('refuses help for an unknown command', async () => {
    const run = await runLoom(['help', 'frobnicate']);
    assert.equal(run.status, USAGE_STATUS);
    assert.match(run.stderr, /unknown command 'frobnicate'/);
  });

  it('refuses a missing command', async () => {
    const run = await runLoom([]);
    assert.equal(run.status, USAGE_STATUS);
    assert.match(run.stderr, /no command given/);
  });

  it('refuses an unknown option, globally and for a command', async () => {
    const global = await runLoom(['--verbose']);
    assert.equal(global.status, USAGE_STATUS);
    assert.match(global.stderr, /unknown option '--verbose'/);
    const forCommand = await runLoom(['validate', `${FIXTURES}/greeting.nx`, '--yaml']);
    assert.equal(forCommand.status, USAGE_STATUS);
    assert.match(forCommand.stderr, /unknown option '--yaml' for 'loom validate'/);
  });

  it('refuses a value given to a flag', async () => {
    const run = await runLoom(['validate', `${FIXTURES}/greeting.nx`, '--json=yes']);
    assert.equal(run.status, USAGE_STATUS);
    assert.match(run.stderr, /option '--json' takes no value/);
  });

  it('refuses a missing or extra file argument', async () => {
    const missing = await runLoom(['validate']);
    assert.equal(missing.status, USAGE_STATUS);
    assert.match(missing.stderr, /missing FILE for 'loom validate'/);
    const extra = await runLoom(['validate', `${FIXTURES}/greeting.nx`, 'other.nx']);
    assert.equal(extra.status, USAGE_STATUS);
    assert.match(extra.stderr, /unexpected argument 'other.nx'/);
  });

  it('refuses arguments after -- for commands that pass none on', async () => {
    const run = await runLoom(['validate', `${FIXTURES}/greeting.nx`, '--', 'extra']);
    assert.equal(run.status, USAGE_STATUS);
    assert.match(run.stderr, /'loom validate' takes no arguments after '--'/);
  });

  it('reports a file that does not exist or is a directory as a usage error', async () => {
    const absent = await runLoom(['validate', 'no/such/file.nx']);
    assert.equal(absent.status, USAGE_STATUS);
    assert.equal(absent.stderr, "loom: cannot read 'no/such/file.nx': no such file\n");
    const directory = await runLoom(['lint', FIXTURES]);
    assert.equal(directory.status, USAGE_STATUS);
    assert.equal(directory.stderr, `loom: cannot read '${FIXTURES}': it is a directory\n`);
  });
});
