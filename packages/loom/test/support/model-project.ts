/**
 * A throwaway Loom project wired to the fake model server: a temp directory with a
 * `secrets.nxs` whose base URLs point at the server, and an agent runtime reading it. Traces
 * are collected instead of written to stderr.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from '../../src/runtime/agents/agent.js';
import { createAgentRuntime } from '../../src/runtime/agents/runtime.js';
import type { AgentRuntime, AgentRuntimeOptions } from '../../src/runtime/agents/runtime.js';
import type { AgentSpec } from '../../src/runtime/agents/spec.js';
import type { FakeModelServer } from './fake-model-server.js';

export const TEST_API_KEY = 'sk-test-0123456789';

export interface ModelProject {
  readonly root: string;
  readonly runtime: AgentRuntime;
  /** Lines the tracer and background reports wrote. */
  readonly stderr: string[];
  agent(spec: Omit<AgentSpec, 'name' | 'model'> & Partial<Pick<AgentSpec, 'name' | 'model'>>): Agent;
  /** A second runtime over the same project, as the next `loom run` would see it. */
  reopen(options?: Partial<AgentRuntimeOptions>): AgentRuntime;
  remove(): void;
}

/** `openai`, `anthropic`, `ollama` and the custom provider `local` all point at the server. */
export function secretsFor(server: FakeModelServer): string {
  return [
    '// written by the test',
    `OPENAI_API_KEY = "${TEST_API_KEY}"`,
    `OPENAI_BASE_URL = "${server.url}/v1"`,
    `ANTHROPIC_API_KEY = "${TEST_API_KEY}"`,
    `ANTHROPIC_BASE_URL = "${server.url}"`,
    `OLLAMA_BASE_URL = "${server.url}"`,
    `LOCAL_API_KEY = "${TEST_API_KEY}"`,
    `LOCAL_BASE_URL = "${server.url}/v1"`,
    '',
  ].join('\n');
}

/** A temp directory for the CLI to run a program in, its `secrets.nxs` pointing at the server. */
export function projectDirFor(server: FakeModelServer, prefix: string, secrets = secretsFor(server)): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(root, 'secrets.nxs'), secrets);
  return root;
}

export function createModelProject(server: FakeModelServer, options: Partial<AgentRuntimeOptions> & { secrets?: string } = {}): ModelProject {
  const root = projectDirFor(server, 'loom-agents-', options.secrets);
  const stderr: string[] = [];
  const open = (overrides: Partial<AgentRuntimeOptions> = {}): AgentRuntime =>
    createAgentRuntime({ entryFile: join(root, 'main.nx'), env: {}, stderr: (line) => stderr.push(line), ...options, ...overrides });
  const runtime = open();
  return {
    root,
    runtime,
    stderr,
    agent: (spec) => new Agent({ name: 'Tester', model: 'openai/test-model', ...spec }, runtime),
    reopen: open,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
