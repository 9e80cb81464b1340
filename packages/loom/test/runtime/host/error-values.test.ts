/**
 * How a caught error reads as text, and where a configuration mistake is reported.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runSource } from '../run-source.js';

describe('a caught error as text', () => {
  it('reads as its message, once, in #{...}, str() and print', async () => {
    const run = await runSource(`flow main {
    try {
        raise Error("boom")
    } catch (err) {
        print("Error: #{err}")
        print("Error: " + str(err))
        print(err)
        print([err])
        print(err.name, err.message)
    }
}
`);
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, 'Error: boom\nError: boom\nboom\n[Error: boom]\nError boom\n');
  });

  it('reads as its message for registry errors too, with the kind in e.name and e.code', async () => {
    const run = await runSource(`flow withdraw(amount) requires amount > 0 {
    return amount
}

flow main {
    try {
        withdraw(-1)
    } catch (e) {
        print("failed: #{e}")
        print(e.code, e.name)
    }
}
`);
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, 'failed: amount > 0\nE201 ContractViolation\n');
  });
});

describe('use config NAME', () => {
  it('naming a block secrets.nxs lacks is reported at the use config line', async () => {
    const project = mkdtempSync(join(tmpdir(), 'loom-use-config-'));
    try {
      writeFileSync(join(project, 'secrets.nxs'), 'OPENAI_API_KEY = "sk-test"\nconfig staging {\n    OPENAI_API_KEY = "sk-staging"\n}\n');
      const source = 'use config missing;\n\nagent Writer { prompt: "p", model: "openai/m" }\n\nflow main {\n    print(Writer.run("x"))\n}\n';
      const run = await runSource(source, { entryFile: join(project, 'main.nx') });
      assert.equal(run.status, 1);
      assert.match(run.stderr, /missing/);
      assert.match(run.stderr, /--> .*main\.nx:1:1\n/);
      assert.match(run.stderr, /= code E101/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
