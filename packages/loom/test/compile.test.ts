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
    assert.deepEqual([...result.sources], [[path, text]]);
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

  it('checks included files and keeps their text for code frames', () => {
    const library = 'agent Helper {\n    role: "helps"\n    prompt: "Help."\n}\nagent {\n}\n';
    writeScratch('helpers.nxlib', library);
    const entry = writeScratch('uses-helpers.nx', 'include "helpers.nxlib";\n\nflow main {\n    print(Helper.run("x"));\n}\n');
    const result = checkFile(entry);
    const libraryPath = join(scratch, 'helpers.nxlib');
    assert.equal(result.sources.get(libraryPath), library);
    assert.ok(result.diagnostics.some((diagnostic) => diagnostic.span.file === libraryPath && diagnostic.code === 'E004'));
  });

  it('reports what the checker finds after parsing', () => {
    const result = checkSource('flow main {\n    Writer.run("x");\n}\n', 'undeclared.nx');
    assert.deepEqual(
      result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.span.start.line, diagnostic.span.start.column]),
      [['E001', 2, 5]],
    );
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
