/**
 * What agents of one program share: its project root, secrets and provider clients, the
 * response cache, the debug tracer and the weak model for semantic judgements. The generated
 * module creates one per run with `createAgentRuntime({ entryFile, configName })`.
 */
import { ResponseCache } from '../infra/cache.js';
import { ProviderRegistry } from '../providers/registry.js';
import { findProjectRoot, loadSecrets } from '../infra/secrets.js';
import { createTracer, traceLevel } from '../infra/trace.js';
import type { Tracer } from '../infra/trace.js';
import type { Secrets } from '../infra/secrets.js';
import type { SharedContexts } from './hand-off.js';

/** Secrets/environment entries naming the model that judges semantic conditions, first wins. */
export const WEAK_MODEL_ENTRIES = ['LOOM_WEAK_MODEL', 'WEAK_MODEL'] as const;
/** Entries naming the model of agents that declare none (the Nexa examples often omit it). */
export const DEFAULT_MODEL_ENTRIES = ['LOOM_DEFAULT_MODEL', 'DEFAULT_MODEL'] as const;

export interface AgentRuntime {
  readonly projectRoot: string;
  readonly providers: ProviderRegistry;
  readonly cache: ResponseCache;
  readonly tracer: Tracer;
  /** `provider/model` for semantic judgements, when the secrets or environment name one. */
  readonly weakModel: string | undefined;
  /** `provider/model` for agents without a `model`, when the secrets or environment name one. */
  readonly defaultModel: string | undefined;
  /** Receives streamed text of agents with `stream: true` when the call passes no `onDelta`. */
  readonly onStreamDelta?: (agent: string, text: string) => void;
  /** A fire-and-forget (`||`) branch failed; nobody awaits it, so it is reported here. */
  readonly reportBackgroundError: (agent: string, error: unknown) => void;
  /** The `shared:NAME` slots of agents' context blocks (hand-off.ts). */
  readonly sharedContexts: SharedContexts;
}

export interface AgentRuntimeOptions {
  readonly entryFile: string;
  /** From `use config NAME;`. */
  readonly configName?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** The `--debug` flag: `true` or `'full'`; `LOOM_DEBUG` decides when it is absent. */
  readonly debug?: string | boolean;
  readonly stderr?: (line: string) => void;
  readonly onStreamDelta?: (agent: string, text: string) => void;
}

export function createAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const env = options.env ?? process.env;
  const projectRoot = findProjectRoot(options.entryFile);
  const secrets = loadSecrets({ projectRoot, configName: options.configName, env });
  const stderr = options.stderr ?? ((line: string) => process.stderr.write(line));
  return {
    projectRoot,
    providers: new ProviderRegistry(secrets),
    cache: ResponseCache.forProject(projectRoot),
    tracer: createTracer(traceLevel(options.debug, env), stderr),
    weakModel: firstEntry(secrets, WEAK_MODEL_ENTRIES),
    defaultModel: firstEntry(secrets, DEFAULT_MODEL_ENTRIES),
    onStreamDelta: options.onStreamDelta,
    sharedContexts: new Map(),
    reportBackgroundError: (agent, error) => stderr(`[loom] background agent '${agent}' failed: ${error instanceof Error ? error.message : String(error)}\n`),
  };
}

function firstEntry(secrets: Secrets, entries: readonly string[]): string | undefined {
  return entries.map((entry) => secrets.get(entry)).find((value) => value !== undefined);
}
