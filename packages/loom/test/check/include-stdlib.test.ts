import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { checkFile } from '../../src/compile.js';

const project = mkdtempSync(join(tmpdir(), 'loom-stdlib-'));
after(() => rmSync(project, { recursive: true, force: true }));

function write(path: string, text: string): string {
  const file = join(project, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

test('an include not found beside the including file is looked for in the stdlib/ folders above it, as Nexa does', () => {
  write('stdlib/news.nx', 'flow headline(topic) { return "news about " + topic }\n');
  write('app/stdlib/local.nxlib', 'flow nearby() { return "the nearest stdlib/ wins" }\n');
  write('stdlib/local.nxlib', 'flow farther() { return 1 }\n');
  const entry = write('app/flows/main.nx', [
    'include "stdlib/news.nx";',
    'include "local.nxlib";',
    'flow main { print(headline("rain"), nearby()) }',
  ].join('\n'));
  assert.deepEqual(checkFile(entry).diagnostics.map((d) => `${d.code} ${d.message}`), []);
});

test('an include found nowhere names the place it looked first', () => {
  const entry = write('other/main.nx', 'include "missing.nxlib";\nflow main { print(1) }\n');
  const [finding] = checkFile(entry).diagnostics;
  assert.equal(finding?.message, "Undeclared identifier: included file 'missing.nxlib' not found");
  assert.match(finding?.hint ?? '', /stdlib\/ folder of an enclosing directory; looked for '.*other\/missing\.nxlib'/);
});
