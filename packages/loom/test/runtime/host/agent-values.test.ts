/**
 * An agent's `run` is a value like any function, bound to its agent: it can be stored, passed
 * and piped into, as the Nexa docs do with `Fetcher.run(x) |> Parser.run? |> Analyzer.run?`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeModelServer } from '../../support/fake-model-server.js';
import type { FakeModelServer } from '../../support/fake-model-server.js';
import { runSource } from '../run-source.js';

let server: FakeModelServer;
let project: string;

before(async () => {
  server = await startFakeModelServer();
  project = mkdtempSync(join(tmpdir(), 'loom-agent-values-'));
  // Each agent answers with its role and the input it got, so the order of the stages shows.
  server.respondWith((request) => {
    const messages = request.body.messages as { role: string; content: string }[];
    const role = messages[0].content.replace('Your role: ', '');
    return { text: `${role}(${messages.at(-1)?.content ?? ''})` };
  });
});
after(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  return { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${server.url}/v1` };
}

const AGENTS = `agent Fetcher { role: "fetch", model: "openai/m" }
agent Parser { role: "parse", model: "openai/m" }
agent Analyzer { role: "analyze", model: "openai/m" }
`;

describe("an agent's run as a value", () => {
  it('can be stored in a variable and called later', async () => {
    const run = await runSource(`${AGENTS}flow main {\n    f = Parser.run\n    print(f)\n    print(f("x"))\n}\n`, { env: env(), entryFile: join(project, 'main.nx') });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, '<fn Parser.run>\nparse(x)\n');
    assert.equal(run.status, 0);
  });

  it('is a pipe target, with ? as the docs write it', async () => {
    const source = `${AGENTS}flow main {\n    result = Fetcher.run("source") |> Parser.run? |> Analyzer.run?\n    print(result)\n}\n`;
    const run = await runSource(source, { env: env(), entryFile: join(project, 'main.nx') });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, 'analyze(parse(fetch(source)))\n');
  });

  it('joins several arguments into one input, as A.run(a, b) does', async () => {
    const run = await runSource(`${AGENTS}flow main {\n    stages = [Parser.run]\n    print(stages[0]("a", "b"))\n}\n`, { env: env(), entryFile: join(project, 'main.nx') });
    assert.equal(run.stdout, 'parse(a b)\n');
  });

  it('is the same value each time it is read', async () => {
    const run = await runSource(`${AGENTS}flow main {\n    print(Parser.run == Parser.run)\n    print(Parser.name)\n}\n`, { env: env(), entryFile: join(project, 'main.nx') });
    assert.equal(run.stdout, 'true\nParser\n');
  });
});
