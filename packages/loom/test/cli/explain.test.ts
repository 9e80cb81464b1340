import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_REGISTRY } from '../../src/errors.js';
import { runLoom } from './run-loom.js';

const USAGE_STATUS = 64;

/** The explanation is wrapped for the terminal; compare it as a run of words. */
function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

describe('loom explain', { concurrency: true }, () => {
  it('prints the family, title, cause and remedy of a code', async () => {
    const run = await runLoom(['explain', 'E401']);
    const { cause, remedy } = ERROR_REGISTRY.E401;
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^E401 DatabaseError: Database connection failed\n\nCause:\n {2}/);
    assert.ok(words(run.stdout).includes(`Cause: ${cause} Remedy: ${remedy}`));
    assert.ok(run.stdout.split('\n').every((line) => line.length <= 80));
  });

  it('explains E006: what Loom refuses and what to write instead', async () => {
    const run = await runLoom(['explain', 'E006']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^E006 CompileError: Not supported by this runtime\n\nCause:\n {2}/);
    const text = words(run.stdout);
    for (const refused of ['`python!` blocks', 'MCP tool', 'actor message handlers', 'std.pipe']) {
      assert.ok(text.includes(refused), `explain E006 does not name ${refused}`);
    }
    assert.ok(text.includes('Remedy: Write the part in what Loom runs: a tool as `@tool("description") fn name(...) { ... }`'));
  });

  it('accepts a code written in lower case', async () => {
    const run = await runLoom(['explain', 'ea03']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^EA03 ADTError: Trait implementation missing\n/);
  });

  it('refuses an unknown code with status 64 and lists the known ones', async () => {
    const run = await runLoom(['explain', 'E999']);
    assert.equal(run.status, USAGE_STATUS);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^loom: unknown code 'E999'; the codes are E001, E002, .*EC02, W001, .*W007\n/);
  });

  it('explains lint warnings too', async () => {
    const run = await runLoom(['explain', 'W002']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^W002 lint warning: Unused declaration\n\nRemedy:\n {2}\S/);
  });

  it('refuses a missing code', async () => {
    const run = await runLoom(['explain']);
    assert.equal(run.status, USAGE_STATUS);
    assert.match(run.stderr, /missing CODE for 'loom explain'/);
  });
});
