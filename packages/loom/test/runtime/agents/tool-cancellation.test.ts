/**
 * A tool past its `tool_timeout` is cancelled, not merely abandoned: the model hears E102 at
 * once, and the `@tool fn` stops where it waits (sleep, std.http, a nested agent call), so
 * none of its later side effects happen and nothing keeps the program alive afterwards.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { temporaryDirectory, useFakeModelServer } from '../../support/fake-model-fixture.js';
import type { FakeModelServer, RecordedRequest } from '../../support/fake-model-server.js';
import { runSource } from '../run-source.js';

/** The tool waits this long before its side effect; the tool_timeout is far shorter. */
const TOOL_WAIT_SECONDS = 1;
const TOOL_TIMEOUT_SECONDS = 0.1;
const HTTP_TOOL_TIMEOUT_SECONDS = 0.3;
const AFTER_TOOL_WAIT_MS = TOOL_WAIT_SECONDS * 1000 + 300;

let server: FakeModelServer;
let project: string | undefined;

useFakeModelServer((started) => (server = started), () => project === undefined ? undefined : temporaryDirectory(project));

function setUp(): { entryFile: string; marker: string; env: NodeJS.ProcessEnv } {
  project = mkdtempSync(join(tmpdir(), 'loom-tool-cancel-'));
  return {
    entryFile: join(project, 'main.nx'),
    marker: join(project, 'side-effect.txt'),
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${server.url}/v1` },
  };
}

function program(toolBody: string, toolTimeoutSeconds = TOOL_TIMEOUT_SECONDS): string {
  return `@tool("Does something slowly")
fn slow(path: string) {
${toolBody}
}

agent Worker uses slow { role: "worker", model: "openai/m", tool_timeout: ${toolTimeoutSeconds} }

flow main {
    print(Worker.run("go"))
}
`;
}

function toolResult(request: RecordedRequest | undefined): string {
  return String((request?.body.messages as { content: string }[] | undefined)?.at(-1)?.content);
}

describe('a @tool fn past its tool_timeout', () => {
  for (const [what, body] of [
    ['sleeps', `    sleep(${TOOL_WAIT_SECONDS})\n    std.fs.file_write(path, "late")`],
    ['catches its own cancellation', `    try {\n        sleep(${TOOL_WAIT_SECONDS})\n    } catch (e) {\n        std.fs.file_write(path, "caught")\n    }\n    std.fs.file_write(path, "late")`],
    ['loops over short sleeps', `    while true {\n        sleep_ms(20)\n        print("tick")\n        std.fs.file_append(path, "x")\n    }`],
  ] as const) {
    it(`stops when it ${what}: the model hears E102 and the side effect never happens`, async () => {
      const { entryFile, marker, env } = setUp();
      server.enqueue({ toolCalls: [{ name: 'slow', arguments: { path: marker } }] }, { text: 'gave up' });
      const started = performance.now();
      const run = await runSource(program(body), { env, entryFile });
      assert.ok(performance.now() - started < TOOL_WAIT_SECONDS * 1000, 'the agent call waited for the tool');
      assert.equal(run.stderr, '');
      assert.match(toolResult(server.requests[1]), /"code":"E102".*tool_timeout of 0.1 s/);
      const writtenAtTimeout = existsSync(marker) ? readFileSync(marker, 'utf8') : '';
      await delay(AFTER_TOOL_WAIT_MS);
      const writtenLater = existsSync(marker) ? readFileSync(marker, 'utf8') : '';
      assert.equal(writtenLater, writtenAtTimeout, 'the cancelled tool went on writing');
      assert.ok(!writtenLater.includes('late') && !writtenLater.includes('caught'));
      assert.match(run.stdout, /gave up\n$/);
    });
  }

  it('aborts its HTTP request', async () => {
    const { entryFile, env } = setUp();
    let requestClosedEarly = false;
    const slowSite: Server = createServer((request, response) => {
      const timer = setTimeout(() => response.end('too late'), TOOL_WAIT_SECONDS * 1000);
      request.on('close', () => {
        if (!response.writableEnded) requestClosedEarly = true;
        clearTimeout(timer);
      });
    });
    await new Promise<void>((resolve) => slowSite.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(slowSite.address() as AddressInfo).port}/slow`;
    try {
      server.enqueue({ toolCalls: [{ name: 'slow', arguments: { path: url } }] }, { text: 'gave up' });
      // A longer tool_timeout than the others, so that on a busy machine the request is surely sent before it fires.
      const run = await runSource(program('    return std.http.get(path)', HTTP_TOOL_TIMEOUT_SECONDS), { env, entryFile });
      assert.equal(run.stdout, 'gave up\n');
      for (let waited = 0; !requestClosedEarly && waited < AFTER_TOOL_WAIT_MS; waited += 20) await delay(20);
      assert.ok(requestClosedEarly, 'the request was not aborted');
    } finally {
      slowSite.closeAllConnections();
      await new Promise((resolve) => slowSite.close(resolve));
    }
  });

  it('cancels an agent call made inside the tool', async () => {
    const { entryFile, env } = setUp();
    server.enqueue(
      { toolCalls: [{ name: 'slow', arguments: { path: 'x' } }] },
      { text: 'inner answer', delayMs: TOOL_WAIT_SECONDS * 1000 },
      { text: 'gave up' },
    );
    const source = `agent Helper { role: "helper", model: "openai/m" }\n\n${program('    return Helper.run(path)')}`;
    const started = performance.now();
    const run = await runSource(source, { env: { ...env, LOOM_DEBUG: '1' }, entryFile });
    assert.ok(performance.now() - started < TOOL_WAIT_SECONDS * 1000, 'the agent call waited for the nested agent');
    assert.equal(run.stdout, 'gave up\n');
    assert.match(toolResult(server.requests[2]), /"code":"E102"/);
    await delay(AFTER_TOOL_WAIT_MS);
    // A nested call left running would trace its answer once the slow reply arrives.
    assert.doesNotMatch(run.stderr, /agent=Helper .* ok/);
  });
});
