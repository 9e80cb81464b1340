/**
 * The facts of the Nexa v2 harness forms that the checker and the runtime both read: the
 * options of `autoloop` and `with_context`, the error types `catch_correction` and `on_error`
 * name, the context window strategies and the `fork ... merge` strategies.
 */

/** What an option's value must be. */
export type OptionKind =
  /** A whole number of at least 1. */
  | 'count'
  /** A number of seconds, 0 or more (a duration literal such as `5m` counts in seconds). */
  | 'seconds'
  /** Text (a semantic condition). */
  | 'text'
  /** A whole number of tokens, at least 1. */
  | 'tokens'
  /** One of the context window strategies, bare or quoted. */
  | 'strategy'
  /** A list of strings. */
  | 'tags';

export interface HarnessOption {
  readonly kind: OptionKind;
}

/** `autoloop max_steps: N, exit_when: "...", timeout: T, step_delay: D { }` */
export const AUTOLOOP_OPTIONS: ReadonlyMap<string, HarnessOption> = new Map([
  ['max_steps', { kind: 'count' }],
  ['exit_when', { kind: 'text' }],
  ['timeout', { kind: 'seconds' }],
  ['step_delay', { kind: 'seconds' }],
]);

/** The step cap of an autoloop that names none (the Nexa docs' default). */
export const AUTOLOOP_DEFAULT_MAX_STEPS = 50;

/** What the code generated for an autoloop does after a step failed, as the loop tells it. */
export const STEP_FAILURE = { raise: 0, endLoop: 1, nextStep: 2 } as const;
export type StepFailureAction = (typeof STEP_FAILURE)[keyof typeof STEP_FAILURE];

/** `with_context max_tokens: N, strategy: S, priority_tags: [...] { }`, and the `context_policy` settings. */
export const CONTEXT_WINDOW_OPTIONS: ReadonlyMap<string, HarnessOption> = new Map([
  ['max_tokens', { kind: 'tokens' }],
  ['strategy', { kind: 'strategy' }],
  ['priority_tags', { kind: 'tags' }],
]);

/** The window option whose value is a name, never a variable. */
export const STRATEGY_OPTION = 'strategy';

/** The agent property giving an agent its own context window: `context_policy: { max_tokens: 80000 }`. */
export const CONTEXT_POLICY_PROPERTY = 'context_policy';

export const CONTEXT_WINDOW_STRATEGIES = ['sliding_window', 'importance_weighted', 'smart_summarization'] as const;
export type ContextWindowStrategy = (typeof CONTEXT_WINDOW_STRATEGIES)[number];

/** The token budget of a window that names none (the Nexa docs' default). */
export const CONTEXT_WINDOW_DEFAULT_MAX_TOKENS = 100_000;

/** The error type of what awaiting an actor or task raises, whatever its code: its failure, or E701. */
export const ACTOR_ERROR_TYPE = 'ActorError';

/**
 * The error types `catch_correction(e: T)` and `on_error(e: T)` accept, and the registry codes
 * each covers; null covers every error. An agent call that ran out of its own `timeout` is an
 * E101 and counts as a TimeoutError too; an ActorError is told by where the error was raised,
 * not by its code (runtime/harness/error-types.ts).
 */
export const HARNESS_ERROR_TYPES: ReadonlyMap<string, readonly string[] | null> = new Map([
  ['ToolError', ['E102']],
  ['ModelError', ['E101', 'E303']],
  ['TimeoutError', ['E701']],
  [ACTOR_ERROR_TYPE, []],
  ['Exception', null],
  ['Error', null],
]);

/** The calls that take and restore the state of the flow they are written in: `snap = snapshot()`, `restore(snap)`. */
export const STATE_CALLS: ReadonlySet<string> = new Set(['snapshot', 'restore']);

/** How `fork [...] merge S` combines its branches' results. */
export const MERGE_STRATEGIES = ['best_of', 'vote', 'weighted_average', 'first', 'all'] as const;
export type MergeStrategy = (typeof MERGE_STRATEGIES)[number];
/** The names the Nexa validator's table gives some of them. */
export const MERGE_STRATEGY_ALIASES: ReadonlyMap<string, MergeStrategy> = new Map([['best', 'best_of']]);

/** The lifecycle hooks, and whether each is written with a parameter: `on_error(e)`, `before_tool(name)`. */
export const HOOK_PARAMETERS: ReadonlyMap<string, 'error' | 'tool' | 'none'> = new Map([
  ['before_step', 'none'],
  ['after_step', 'none'],
  ['on_error', 'error'],
  ['before_tool', 'tool'],
  ['after_tool', 'tool'],
]);

/**
 * The options of `@tool("description", ...)` beside its description (the Chinese chapter's
 * table): `risk_level`, `requires_approval`, `category` and `sandbox`. Only `sandbox: false`
 * is taken: Loom has no sandbox to run a tool in.
 */
export const TOOL_OPTIONS: ReadonlyMap<string, 'risk' | 'flag' | 'text'> = new Map([
  ['risk_level', 'risk'],
  ['requires_approval', 'flag'],
  ['category', 'text'],
  ['sandbox', 'flag'],
]);
export const TOOL_SANDBOX_OPTION = 'sandbox';
export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;

/** How a tool call that needs approval is approved: the setting and its values. */
export const TOOL_APPROVAL_VARIABLE = 'LOOM_TOOL_APPROVAL';
export const TOOL_APPROVAL_POLICIES = ['ask', 'allow', 'deny'] as const;
export type ToolApprovalPolicy = (typeof TOOL_APPROVAL_POLICIES)[number];

/** `loom validate --harness=MODE`: how the harness validator's findings count (check/harness-rules.ts). */
export const HARNESS_MODES = ['strict', 'warn', 'off'] as const;
export type HarnessMode = (typeof HARNESS_MODES)[number];
export const DEFAULT_HARNESS_MODE: HarnessMode = 'warn';
