import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceUnreadableError, checkFile, checkSource } from '../src/compile.js';

const scratch = mkdtempSync(join(tmpdir(), 'loom-compile-'));

function writeScratch(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

describe('checkFile', () => {
  it('returns the program, its source and no diagnostics for a valid file', () => {
    const text = 'agent Greeter {\n    role: "greeter",\n    prompt: "Say hello."\n}\n';
    const path = writeScratch('valid.nx', text);
    const result = checkFile(path);
    assert.equal(result.file, path);
    assert.equal(result.source, text);
    assert.equal(result.program.kind, 'Program');
    assert.deepEqual(result.diagnostics, []);
  });

  it('drops a UTF-8 byte order mark so line 1 columns match the editor', () => {
    const path = writeScratch('bom.nx', '\uFEFFagent {\n}\n');
    const [first] = checkFile(path).diagnostics;
    assert.equal(first?.span.start.line, 1);
    assert.equal(first?.span.start.column, 7);
  });

  it('reports syntax errors in source order, spans naming the file', () => {
    const result = checkSource('flow a {\n    x = (1 +\n}\nagent {\n}\n', 'two-errors.nx');
    const positions = result.diagnostics.map((diagnostic) => diagnostic.span.start.offset);
    assert.ok(result.diagnostics.length >= 2);
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b));
    assert.ok(result.diagnostics.every((diagnostic) => diagnostic.code === 'E004' && diagnostic.span.file === 'two-errors.nx'));
  });

  it('throws SourceUnreadableError naming the path and the reason', () => {
    const missing = join(scratch, 'absent.nx');
    assert.throws(() => checkFile(missing), (error: unknown) => {
      assert.ok(error instanceof SourceUnreadableError);
      assert.equal(error.message, `cannot read '${missing}': no such file`);
      return true;
    });
    assert.throws(() => checkFile(scratch), /it is a directory/);
  });
});
