/**
 * `--debug` / `LOOM_DEBUG=1`: one line per agent call attempt on stderr, so a slow or failing
 * flow shows which agent, model and attempt cost what. Prompts are printed only with
 * `--debug=full` (`LOOM_DEBUG=full`), since they may hold user data.
 */
import type { ChatMessage } from '../providers/types.js';

export type TraceLevel = 'off' | 'calls' | 'full';

/** What the command line asked for: `--debug` is `true`, `--debug=full` is `'full'`, neither is `false` (then `LOOM_DEBUG` decides). */
export type DebugFlag = boolean | 'full';

export interface AgentCallRecord {
  readonly agent: string;
  readonly model: string;
  readonly attempt: number;
  readonly milliseconds: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheHit: boolean;
  /** The failure of this attempt, if it failed. */
  readonly error?: string;
}

export interface Tracer {
  readonly level: TraceLevel;
  agentCall(record: AgentCallRecord): void;
  prompt(agent: string, messages: readonly ChatMessage[]): void;
  /** Another event worth a line under `--debug`, such as a context window letting messages go. */
  note(line: string): void;
}

/**
 * `--debug` gives `true`, `--debug=full` gives `'full'`; `LOOM_DEBUG` is read when the flag is
 * absent, and `LOOM_DEBUG=full` also asks for prompts when the flag is a plain `--debug`.
 */
export function traceLevel(flag: string | boolean | undefined, env: NodeJS.ProcessEnv): TraceLevel {
  if (flag === 'full' || (flag !== false && env.LOOM_DEBUG === 'full')) return 'full';
  const setting = flag ?? env.LOOM_DEBUG;
  return setting === undefined || setting === false || setting === '' || setting === '0' ? 'off' : 'calls';
}

export function createTracer(level: TraceLevel, write: (line: string) => void = (line) => process.stderr.write(line)): Tracer {
  return {
    level,
    agentCall(record) {
      if (level === 'off') return;
      const outcome = record.error === undefined ? 'ok' : `error=${JSON.stringify(record.error)}`;
      write(
        `[loom] agent=${record.agent} model=${record.model} attempt=${record.attempt} ms=${record.milliseconds.toFixed(1)} ` +
          `tokens=${record.inputTokens}+${record.outputTokens} cache=${record.cacheHit ? 'hit' : 'miss'} ${outcome}\n`,
      );
    },
    note(line) {
      if (level !== 'off') write(`[loom] ${line}\n`);
    },
    prompt(agent, messages) {
      if (level !== 'full') return;
      for (const message of messages) write(`[loom] agent=${agent} ${message.role}: ${JSON.stringify(message.content)}\n`);
    },
  };
}

export const SILENT_TRACER: Tracer = createTracer('off');
