import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FIXTURES, runLoom } from './run-loom.js';

const COMPILE_ERROR_STATUS = 2;

describe('loom lint', { concurrency: true }, () => {
  it('says a clean file has no problems', async () => {
    const file = `${FIXTURES}/greeting.nx`;
    const run = await runLoom(['lint', file]);
    assert.equal(run.status, 0);
    assert.equal(run.stdout, `${file}: no problems\n`);
    assert.equal(run.stderr, '');
  });

  it('warns about missing annotations only with --warn-untyped, without failing', async () => {
    const file = `${FIXTURES}/untyped-flow.nx`;
    const plain = await runLoom(['lint', file]);
    assert.equal(plain.status, 0);
    assert.equal(plain.stdout, `${file}: no problems\n`);

    const run = await runLoom(['lint', file, '--warn-untyped']);
    assert.equal(run.status, 0);
    assert.equal(run.stdout, `${file}: valid (0 errors, 2 warnings)\n`);
    const headlines = run.stderr.split('\n').filter((line) => line.startsWith('Warning'));
    assert.equal(headlines.length, 2);
    assert.ok(headlines.every((line) => line.startsWith('Warning W001: ')));
    assert.match(run.stderr, new RegExp(`--> ${file}:7:12\\n  \\|\\n7 \\| flow shout\\(text\\) \\{\\n  \\| {12}\\^{4}`));
  });

  it('fails with status 2 and the code frames when the file has errors', async () => {
    const file = `${FIXTURES}/undeclared-agent.nx`;
    const run = await runLoom(['lint', file]);
    assert.equal(run.status, COMPILE_ERROR_STATUS);
    assert.match(run.stderr, /^Error E001: Undeclared identifier 'Writer'\n/);
    assert.equal(run.stdout, `${file}: invalid (1 error, 0 warnings)\n`);
  });
});
