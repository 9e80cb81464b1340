import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { commandWords, createShell, SHELL_OPT_IN_VARIABLE } from '../../../src/runtime/std/shell.js';
import { stdTools } from '../../../src/runtime/std/tools.js';
import { callTool } from '../../../src/runtime/agents/tools.js';

const SHORT_TOOL_TIMEOUT_MS = 300;
/** Well after the tool timeout, so only a program that was not stopped gets there. */
const LATE_WRITE_MS = 700;
const FAILING_EXIT_CODE = 3;
const allowed = createShell({ PATH: process.env['PATH'], [SHELL_OPT_IN_VARIABLE]: '1' });

describe('std.shell', () => {
  it('is off without the opt-in, naming the variable to set', () => {
    const shell = createShell({ PATH: process.env['PATH'] });
    assert.throws(() => shell.execute('echo hi'), { code: 'E102', message: /running commands is off; set LOOM_ALLOW_SHELL=1/ });
  });

  it('runs one program and gives its output and exit code', async () => {
    assert.deepEqual(await allowed.execute(`node -e "process.stdout.write('out'); process.stderr.write('err')"`), { stdout: 'out', stderr: 'err', exit_code: 0 });
    assert.equal(((await allowed.execute(`node -e "process.exit(${FAILING_EXIT_CODE})"`)) as { exit_code: number }).exit_code, FAILING_EXIT_CODE);
  });

  it('splits words like a shell, and refuses what only a shell could do', () => {
    assert.deepEqual(commandWords(`grep -n 'a b' "c \\"d\\"" e\\ f`), ['grep', '-n', 'a b', 'c "d"', 'e f']);
    assert.deepEqual(commandWords("echo '' '$x'"), ['echo', '', '$x']);
    assert.throws(() => commandWords('ls | wc -l'), { code: 'E102', message: /'\|' needs a shell/ });
    assert.throws(() => commandWords('echo "$HOME"'), { code: 'E102', message: /'\$' expansions need a shell/ });
    assert.throws(() => commandWords("echo 'open"), { code: 'E102', message: /quote is not closed/ });
  });

  it('raises E102 for a program that does not exist', async () => {
    await assert.rejects(async () => allowed.execute('no-such-program-for-loom'), { code: 'E102', message: "std.shell 'no-such-program-for-loom': no program named 'no-such-program-for-loom'" });
  });

  it('as an agent tool, kills the program when the tool_timeout fires', async () => {
    const execute = stdTools('shell', allowed).find((tool) => tool.name === 'std_shell_execute');
    assert.ok(execute);
    const marker = join(mkdtempSync(join(tmpdir(), 'loom-shell-')), 'written-late');
    const writeLate = `setTimeout(() => require('fs').writeFileSync(process.argv[1], 'x'), ${LATE_WRITE_MS})`;
    await assert.rejects(callTool(execute, { command: `node -e "${writeLate}" ${marker}` }, SHORT_TOOL_TIMEOUT_MS), { code: 'E102', message: /tool_timeout/ });
    await delay(LATE_WRITE_MS * 2);
    assert.equal(existsSync(marker), false, 'the program was stopped before it wrote its file');
    rmSync(dirname(marker), { recursive: true });
  });

  it('finds programs on PATH without running them', () => {
    assert.match(String(allowed.which('node')), /node$/);
    assert.equal(allowed.which('no-such-program-for-loom'), null);
  });
});
