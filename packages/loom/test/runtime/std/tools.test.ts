import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createStd } from '../../../src/runtime/std/index.js';
import { stdTools } from '../../../src/runtime/std/tools.js';
import { callTool } from '../../../src/runtime/agents/tools.js';
import { stdServices } from '../../support/std-services.js';
import { useFakeModelServer } from '../../support/fake-model-fixture.js';
import type { FakeModelServer } from '../../support/fake-model-server.js';
import { createModelProject } from '../../support/model-project.js';
import type { ModelProject } from '../../support/model-project.js';

const TOOL_TIMEOUT_MS = 1_000;

let server: FakeModelServer;
let project: ModelProject;
const std = createStd(process.env, stdServices());
/** The std library of a program whose project root is `root` (std.fs is confined to it). */
const stdIn = (root: string) => createStd(process.env, stdServices({ projectRoot: root }));

useFakeModelServer((started) => (server = started), () => project);

describe('std tools', () => {
  it('describe each function with named, typed parameters', () => {
    const [read] = stdTools('fs', std.fs);
    assert.equal(read.name, 'std_fs_file_read');
    assert.deepEqual(read.parameters, { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
  });

  it('pass named arguments to the std function in its positional order', async () => {
    const pow = stdTools('math', std.math).find((tool) => tool.name === 'std_math_pow');
    assert.ok(pow);
    assert.equal(await callTool(pow, { exponent: 3, base: 2 }, TOOL_TIMEOUT_MS), 8);
  });

  it('refuse namespaces that have no tools, naming the namespace', () => {
    assert.throws(() => stdTools('concurrent', std.concurrent), { code: 'E006', message: 'agent tools of std.concurrent: not supported by this runtime' });
  });

  it('let an agent read a file through function calling', async () => {
    project = createModelProject(server);
    const file = join(project.root, 'notes.txt');
    writeFileSync(file, 'buy milk');
    server.enqueue({ toolCalls: [{ name: 'std_fs_file_read', arguments: { path: file } }] }, { text: 'You need milk.' });
    assert.equal(await project.agent({ prompt: 'p', tools: stdTools('fs', stdIn(project.root).fs) }).run('What do I need?'), 'You need milk.');
    assert.equal((server.requests[1].body.messages as { content: string }[]).at(-1)?.content, 'buy milk');
  });

  it('report a failing std function to the model as E102', async () => {
    const root = mkdtempSync(join(tmpdir(), 'loom-std-tools-'));
    try {
      const [read] = stdTools('fs', stdIn(root).fs);
      await assert.rejects(callTool(read, { path: join(root, 'gone.txt') }, TOOL_TIMEOUT_MS), /tool 'std_fs_file_read' failed: cannot read/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
