/**
 * Tools an agent may call through function calling: declared `tool` blocks, `@tool fn`s and the
 * `uses std.*` namespaces all arrive as ToolBindings. A failing, hanging or misused tool is an
 * E102. Inside an agent's tool loop the model is shown that error as a structured result (so
 * it can correct its arguments or answer without the tool); called directly from a flow the
 * E102 is thrown, and `try/catch` sees it.
 */
import { LoomError } from '../../errors.js';
import { Deadline } from '../infra/deadline.js';
import type { TypeDescriptor } from '../../language/type-descriptor.js';
import { typeProblem, typeSchema } from '../core/type-checks.js';
import type { JsonSchema, ToolDefinition } from '../providers/types.js';

const MS_PER_SECOND = 1000;

export interface ToolBinding extends ToolDefinition {
  invoke(args: Readonly<Record<string, unknown>>, signal: AbortSignal): Promise<unknown>;
}

/** One parameter of a tool: its type, and what the model is told it is for. */
export interface ToolParameter {
  readonly type: TypeDescriptor;
  readonly description?: string;
}

/** A tool as an agent is given it: its parameters in the order the implementation takes them. */
export interface ToolDeclaration {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: Readonly<Record<string, ToolParameter>>;
  /** What the model is shown of the tool, when a skill file describes it. */
  readonly shown?: ShownSchema;
}

/**
 * A skill file's description of a tool's arguments (check/skill-file.ts): the schema the model is
 * shown instead of one made from the parameter types, and which arguments it must pass; one it
 * leaves out reaches the implementation as null.
 */
export interface ShownSchema {
  readonly schema: JsonSchema;
  readonly required: readonly string[];
}

export type ToolImplementation = (args: Readonly<Record<string, unknown>>, signal: AbortSignal) => unknown;

/** The JSON schema of a declaration's parameters. */
export function declaredParametersSchema(parameters: Readonly<Record<string, ToolParameter>>): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(parameters).map(([name, { type, description }]) => [
      name,
      description === undefined ? typeSchema(type) : { ...typeSchema(type), description },
    ]),
  );
  return { type: 'object', properties, required: Object.keys(parameters) };
}

export function bindTool(declaration: ToolDeclaration, implementation: ToolImplementation): ToolBinding {
  const parameters = declaration.parameters ?? {};
  return {
    name: declaration.name,
    description: declaration.description ?? declaration.name,
    parameters: declaration.shown?.schema ?? declaredParametersSchema(parameters),
    async invoke(args, signal) {
      const problem = argumentProblem(declaration.name, parameters, args, declaration.shown?.required);
      if (problem !== null) throw new LoomError('E102', problem);
      return implementation(args, signal);
    },
  };
}

/** `required` names the arguments that must be passed; without it, all of them. */
function argumentProblem(tool: string, parameters: Readonly<Record<string, ToolParameter>>, args: Readonly<Record<string, unknown>>, required?: readonly string[]): string | null {
  for (const [name, { type }] of Object.entries(parameters)) {
    if (!Object.hasOwn(args, name)) {
      if (required !== undefined && !required.includes(name)) continue;
      return `tool '${tool}' needs argument '${name}'`;
    }
    const problem = typeProblem(name, type, args[name]);
    if (problem !== null) return `tool '${tool}': ${problem}`;
  }
  return null;
}

/** A tool's failure as the E102 the model or the flow sees; an E102 the tool raised itself stays as it is. */
export function toolError(tool: string, cause: unknown): LoomError {
  if (cause instanceof LoomError && cause.code === 'E102') return cause;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new LoomError('E102', `tool '${tool}' failed: ${reason}`, undefined, { cause });
}

/**
 * Runs one tool call with its own deadline. The tool receives a signal that fires on the
 * deadline or when the caller gives up; a tool that ignores it is still abandoned on time.
 */
export async function callTool(
  binding: ToolBinding,
  args: Readonly<Record<string, unknown>>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const deadline = new Deadline(timeoutMs, signal);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError(binding.name, deadline));
    if (deadline.signal.aborted) onAbort();
    else deadline.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([binding.invoke(args, deadline.signal), aborted]);
  } catch (error) {
    throw toolError(binding.name, error);
  } finally {
    if (onAbort !== undefined) deadline.signal.removeEventListener('abort', onAbort);
    deadline.dispose();
  }
}

function abortError(tool: string, deadline: Deadline): LoomError {
  const message = deadline.timedOut
    ? `tool '${tool}' did not finish within its tool_timeout of ${deadline.limitMs / MS_PER_SECOND} s`
    : `tool '${tool}' was cancelled`;
  return new LoomError('E102', message);
}

/** Reads the model's argument text; arguments that are not a JSON object are the tool's E102. */
export function parseToolArguments(tool: string, argumentsJson: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = argumentsJson.trim() === '' ? {} : JSON.parse(argumentsJson);
  } catch {
    throw new LoomError('E102', `tool '${tool}' received arguments that are not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LoomError('E102', `tool '${tool}' needs its arguments as a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** What the model sees as a tool's result: its value, or the E102 as a structured error. */
export function toolResultContent(outcome: { ok: true; value: unknown } | { ok: false; error: LoomError }): string {
  if (!outcome.ok) return JSON.stringify({ error: { code: outcome.error.code, message: outcome.error.message } });
  return typeof outcome.value === 'string' ? outcome.value : JSON.stringify(outcome.value ?? null);
}
