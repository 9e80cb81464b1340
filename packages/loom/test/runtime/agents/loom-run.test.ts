/**
 * Agents through the real `loom run`: a program in a temp project whose secrets.nxs points at
 * the fake model server, run as a child process the way a user runs it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runLoom } from '../../cli/run-loom.js';
import { temporaryDirectory, useFakeModelServer } from '../../support/fake-model-fixture.js';
import type { FakeModelServer, RecordedRequest } from '../../support/fake-model-server.js';
import { secretsFor } from '../../support/model-project.js';

const WRITER_PROGRAM = `agent Writer {
    role: "Poet",
    prompt: "Write one line.",
    model: "openai/test-model",
    cache: true
}

flow main {
    line = Writer.run("a poem about rain");
    print(line);
}
`;

const REVIEW_PROGRAM = `protocol Review {
    score: "int",
    summary: "string"
}

agent Reviewer implements Review {
    prompt: "Review the code.",
    model: "local/reviewer",
    retry: 1
}

flow main {
    review = Reviewer.run("print(1)");
    print(review.score);
    semantic_if "the review is positive" against review.summary {
        print("positive");
    } else {
        print("negative");
    }
}
`;

const CONFIG_PROGRAM = `use config staging;

agent Writer {
    prompt: "Write one line.",
    model: "openai/test-model"
}

flow main {
    print(Writer.run("x"));
}
`;

let server: FakeModelServer;
let project: string;

useFakeModelServer((started) => (server = started), () => (project === undefined ? undefined : temporaryDirectory(project)));

function createProject(program: string, secrets = secretsFor(server)): string {
  project = mkdtempSync(join(tmpdir(), 'loom-run-agents-'));
  writeFileSync(join(project, 'main.nx'), program);
  writeFileSync(join(project, 'secrets.nxs'), secrets);
  return join(project, 'main.nx');
}

function systemPrompt(request: RecordedRequest): string {
  return (request.body.messages as { content: string }[])[0].content;
}

describe('loom run with agents', () => {
  it('prints the answer, traces with LOOM_DEBUG=1, and serves the second run from the cache', async () => {
    server.respondWith(() => ({ text: 'Rain taps the glass.', inputTokens: 12, outputTokens: 5 }));
    const file = createProject(WRITER_PROGRAM);

    const first = await runLoom(['run', file], { LOOM_DEBUG: '1' });
    assert.equal(first.status, 0, first.stderr);
    assert.equal(first.stdout, 'Rain taps the glass.\n');
    assert.match(first.stderr, /^\[loom\] agent=Writer model=openai\/test-model attempt=1 ms=\d+\.\d tokens=12\+5 cache=miss ok$/m);
    assert.equal(systemPrompt(server.requests[0]), 'Your role: Poet\n\nWrite one line.');

    const second = await runLoom(['run', file], { LOOM_DEBUG: '1' });
    assert.equal(second.stdout, 'Rain taps the glass.\n');
    assert.match(second.stderr, /cache=hit ok/);
    assert.equal(server.requests.length, 1);

    const stats = await runLoom(['cache', 'stats', '--json', '--dir', project]);
    assert.deepEqual({ ...JSON.parse(stats.stdout), bytes: 0 }, { entries: 1, hits: 1, misses: 1, bytes: 0 });
  });

  it("gives an agent its 'experience' file as long-term memory, read at compile time beside the program", async () => {
    server.respondWith(() => ({ text: 'Short answer.' }));
    const file = createProject('agent Helper {\n    prompt: "Answer.",\n    model: "openai/test-model",\n    experience: "memory/helper.md"\n}\nflow main { print(Helper.run("hi")) }\n');
    mkdirSync(join(project, 'memory'));
    writeFileSync(join(project, 'memory', 'helper.md'), '# Preferences\n- Likes concise answers\n');
    const run = await runLoom(['run', file]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(systemPrompt(server.requests[0]), 'Answer.\n\nWhat you know from experience:\n# Preferences\n- Likes concise answers');

    rmSync(join(project, 'memory', 'helper.md'));
    const missing = await runLoom(['validate', file]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^Error E001: Undeclared identifier: experience file 'memory\/helper\.md' not found\n --> .*main\.nx:4:17\n/);
  });

  it('returns protocol objects and judges semantic_if with the weak model', async () => {
    server.respondWith((request) =>
      systemPrompt(request).includes('yes or no') ? { text: 'no' } : { text: '{"score": 3, "summary": "needs work"}' },
    );
    const file = createProject(REVIEW_PROGRAM, `${secretsFor(server)}LOOM_WEAK_MODEL = "ollama/tiny"\n`);
    const run = await runLoom(['run', file]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, '3\nnegative\n');
    assert.deepEqual(server.requests.map((request) => `${request.format}:${String(request.body.model)}`), ['openai:reviewer', 'ollama:tiny']);
  });

  it('takes keys from the config block that use config selects', async () => {
    server.respondWith(() => ({ text: 'staged' }));
    const file = createProject(CONFIG_PROGRAM, `OPENAI_API_KEY = "sk-top"\nOPENAI_BASE_URL = "${server.url}/v1"\nconfig staging {\n    OPENAI_API_KEY = "sk-staging"\n}\n`);
    const run = await runLoom(['run', file]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'staged\n');
    assert.equal(server.requests[0].headers.authorization, 'Bearer sk-staging');
  });

  it('fails with E101 at the call site when the key is missing, printing no secret', async () => {
    const file = createProject(WRITER_PROGRAM, `OPENAI_BASE_URL = "${server.url}/v1"\nOTHER_KEY = "sk-never-shown"\n`);
    const run = await runLoom(['run', file]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /agent 'Writer' has no API key: set OPENAI_API_KEY in secrets.nxs or the environment/);
    assert.match(run.stderr, /main\.nx:9:\d+/);
    assert.match(run.stderr, /= code E101/);
    assert.ok(!run.stderr.includes('sk-never-shown'));
    assert.equal(server.requests.length, 0);
  });
});
