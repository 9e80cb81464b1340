import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { stdServices } from '../../support/std-services.js';
import { createStd } from '../../../src/runtime/std/index.js';

const base = mkdtempSync(join(tmpdir(), 'loom-std-fs-'));
const project = join(base, 'project');
const outside = join(base, 'outside');
mkdirSync(project);
mkdirSync(outside);
writeFileSync(join(outside, 'secret.txt'), 'do not read');
after(() => rmSync(base, { recursive: true, force: true }));

function fsFor(env: NodeJS.ProcessEnv = {}) {
  return createStd(env, stdServices({ projectRoot: project })).fs!;
}

function refusal(call: () => unknown): LoomError {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof LoomError);
    return error;
  }
  return assert.fail('expected std.fs to refuse');
}

test('relative paths resolve against the project root, wherever the program was started from', () => {
  const fs = fsFor();
  mkdirSync(join(project, 'notes'));
  fs.file_write!('notes/today.md', 'ok');
  assert.equal(readFileSync(join(project, 'notes', 'today.md'), 'utf8'), 'ok');
  assert.equal(fs.file_read!('notes/today.md'), 'ok');
  assert.match(refusal(() => fs.file_write!('missing-folder/x.md', 'ok')).message, /^cannot write 'missing-folder\/x\.md': ENOENT$/);
});

test('a path outside the project root is refused with E105, for reading and writing alike', () => {
  const fs = fsFor();
  const read = refusal(() => fs.file_read!(join(outside, 'secret.txt')));
  assert.equal(read.code, 'E105');
  assert.match(read.message, /is outside the project root .*LOOM_ALLOW_FS/);
  assert.equal(refusal(() => fs.file_write!('../outside/planted.txt', 'x')).code, 'E105');
  assert.equal(refusal(() => fs.file_list!('/')).code, 'E105');
});

test('a symbolic link inside the project cannot lead out of it', () => {
  symlinkSync(outside, join(project, 'door'));
  assert.equal(refusal(() => fsFor().file_read!('door/secret.txt')).code, 'E105');
});

test('LOOM_ALLOW_FS widens the confinement to the directories it lists', () => {
  assert.equal(fsFor({ LOOM_ALLOW_FS: outside }).file_read!(join(outside, 'secret.txt')), 'do not read');
});
