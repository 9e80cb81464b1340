/**
 * A throwaway project for the harness tests: `secrets.nxs` pointing every provider the Nexa
 * docs' examples name (openai, deepseek) and the weak model at the fake model server, and a
 * way to run a program in it with `loom run`, in this process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach } from 'node:test';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer, RecordedRequest } from '../support/fake-model-server.js';
import { secretsFor, TEST_API_KEY } from '../support/model-project.js';
import { main } from '../../src/cli.js';
import type { CapturedRun } from '../cli/run-in-process.js';
import type { Terminal } from '../../src/runtime/infra/terminal.js';

export interface HarnessProject {
  readonly root: string;
  /** Writes `source` as main.nx (or `file`) and runs it, at `terminal` when one is given. */
  run(source: string, options?: RunOptions): Promise<CapturedRun & { readonly file: string }>;
  remove(): void;
}

export interface RunOptions {
  readonly file?: string;
  /** Options of `loom run` before the file. */
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly terminal?: Terminal;
}

export function harnessProject(server: FakeModelServer): HarnessProject {
  const root = mkdtempSync(join(tmpdir(), 'loom-harness-'));
  writeFileSync(
    join(root, 'secrets.nxs'),
    `${secretsFor(server)}DEEPSEEK_API_KEY = "${TEST_API_KEY}"\nDEEPSEEK_BASE_URL = "${server.url}/v1"\nLOOM_WEAK_MODEL = "openai/judge-model"\n`,
  );
  return {
    root,
    async run(source, options = {}) {
      const file = join(root, options.file ?? 'main.nx');
      writeFileSync(file, source);
      let stdout = '';
      let stderr = '';
      const status = await main(['run', ...(options.args ?? []), file], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        env: options.env ?? {},
        terminal: options.terminal,
      });
      return { status, stdout, stderr, file };
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface HarnessFixture {
  readonly server: FakeModelServer;
  readonly project: HarnessProject;
}

/**
 * The set-up every harness test file shares: one fake model server and one project for the
 * file, the server's script and recordings cleared before each test (then `reset`, where a file
 * gives every test the same replies or a clean file), both removed after the last test. Awaited
 * at the top of the test file, so its tests can use the two as plain constants.
 */
export async function harnessFixture(reset?: (fixture: HarnessFixture) => void): Promise<HarnessFixture> {
  const server = await startFakeModelServer();
  const fixture: HarnessFixture = { server, project: harnessProject(server) };
  beforeEach(() => {
    server.reset();
    reset?.(fixture);
  });
  after(async () => {
    await server.close();
    fixture.project.remove();
  });
  return fixture;
}

interface Message {
  readonly role: string;
  readonly content: string;
}

export function messagesOf(request: RecordedRequest): readonly Message[] {
  return request.body['messages'] as Message[];
}

export function systemPromptOf(request: RecordedRequest): string {
  return messagesOf(request).find((message) => message.role === 'system')?.content ?? '';
}

export function lastUserMessageOf(request: RecordedRequest): string {
  return messagesOf(request).filter((message) => message.role === 'user').at(-1)?.content ?? '';
}

/** Requests of the weak model judging a semantic condition. */
export function isJudgement(request: RecordedRequest): boolean {
  return systemPromptOf(request).includes('decide whether a condition holds');
}

/** A terminal whose person answers from a script; the questions asked are recorded. */
export function scriptedTerminal(answers: readonly string[]): Terminal & { readonly asked: string[] } {
  const queue = [...answers];
  const asked: string[] = [];
  return {
    interactive: true,
    asked,
    ask: (question) => {
      asked.push(question);
      return Promise.resolve(queue.shift() ?? '');
    },
  };
}
