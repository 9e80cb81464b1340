/**
 * `std.ui` as the Nexa docs' terminal UI chapter calls it, through `loom run`: plain-text boxes,
 * fences and status marks on the program's output, and `std.ui.input` at the terminal (never a
 * wait without one).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { harnessFixture, scriptedTerminal } from '../harness/project.js';

const { project } = await harnessFixture();

test('the UI functions write plain text to the output and give ""', async () => {
  const run = await project.run(`flow main {
    std.ui.banner("Notes", "v1");
    std.ui.markdown("# Title");
    std.ui.code("x = 1", "python");
    std.ui.panel("two\\nlines", "Box");
    std.ui.thinking("Reading", 0.05);
    std.ui.success("saved");
    std.ui.error("lost");
    std.ui.warning("slow");
    std.ui.info("hint");
    std.ui.agent_reply("Writer", "a draft");
    std.ui.tool_call("search", "q=loom");
    print("[" + std.ui.info("last") + "]")
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, [
    '╔═══════╗', '║ Notes ║', '║ v1    ║', '╚═══════╝',
    '# Title',
    '```python', 'x = 1', '```',
    '┌─ Box ─┐', '│ two   │', '│ lines │', '└───────┘',
    '… Reading',
    '✓ saved', '✗ lost', '! slow', 'i hint',
    '[Writer]', 'a draft',
    '→ search(q=loom)',
    'i last', '[]',
    '',
  ].join('\n'));
  assert.equal(run.status, 0);
});

test('std.ui.input asks at the terminal, and without one stops instead of waiting', async () => {
  const terminal = scriptedTerminal(['Ada']);
  const asked = await project.run('flow main {\n    name = std.ui.input("Your name: ")\n    print("hello " + name)\n}\n', { terminal });
  assert.equal(asked.stdout, 'hello Ada\n');
  assert.deepEqual(terminal.asked, ['Your name: ']);

  const unattended = await project.run('flow main {\n    print(std.ui.input())\n}\n');
  assert.match(unattended.stderr, /std\.ui\.input\("nexa> "\) needs a terminal to read from/);
  assert.equal(unattended.status, 1);
});
