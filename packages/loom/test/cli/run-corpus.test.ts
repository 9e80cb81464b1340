/**
 * Runs every program of test/corpus through the `loom` command line (in process, through the
 * same dispatcher as the executable) and compares stdout, stderr and the exit status with the
 * files beside it: NAME.stdout, NAME.stderr (with `{file}` for the program's path) and
 * NAME.exit (`{dir}` for its directory, where included files are). A first line `// command: test` runs it with `loom test` instead of `loom run`.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runInProcess } from './run-in-process.js';

const CORPUS_DIR = fileURLToPath(new URL('../corpus/', import.meta.url));
const TEST_COMMAND_DIRECTIVE = '// command: test';

const programs = readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.nx')).sort();

test('the corpus is not empty', () => {
  assert.ok(programs.length >= 5, `expected corpus programs in ${CORPUS_DIR}`);
});

for (const program of programs) {
  test(`corpus: ${program}`, async () => {
    const base = join(CORPUS_DIR, program.replace(/\.nx$/, ''));
    const file = relative(process.cwd(), join(CORPUS_DIR, program));
    const source = readFileSync(join(CORPUS_DIR, program), 'utf8');
    const command = source.startsWith(TEST_COMMAND_DIRECTIVE) ? 'test' : 'run';
    const expected = (suffix: string) => readFileSync(`${base}.${suffix}`, 'utf8').replaceAll('{file}', file).replaceAll('{dir}', dirname(file));
    const run = await runInProcess([command, file]);
    assert.equal(run.stdout, expected('stdout'));
    assert.equal(run.stderr, expected('stderr'));
    assert.equal(run.status, Number(expected('exit').trim()));
  });
}
