/**
 * What a `job` declaration is at run time: its name, queue, retry budget, timeout, backoff and
 * priority, and the code of `perform(...)` / `handler:` and `on_failure`. The generated module
 * hands the options as written; defaults are decided here, once, for every queue backend.
 */
import { LoomError } from '../../errors.js';
import { fail } from '../core/script-error.js';
import { describe, isDict } from '../core/values.js';

export type Backoff = 'fixed' | 'linear' | 'exponential';
export type JobPriority = 'low' | 'normal' | 'high' | 'critical';

type Handler = (...args: unknown[]) => unknown;

/** The options of a declaration, as the generated module passes them (unset ones absent). */
export interface JobDeclarationOptions {
  readonly name: string;
  /** `job N on "q"`; a job without `on` has a queue of its own name. */
  readonly queue?: string;
  readonly retry?: number;
  readonly timeout?: number;
  readonly backoff?: string;
  readonly priority?: string;
  /** The parameter names of `perform(...)` or of the `handler:` flow, in order. */
  readonly parameters: readonly string[];
  readonly perform: Handler;
  readonly onFailure?: Handler;
  readonly onFailureParameters?: readonly string[];
}

export interface JobDefinition {
  readonly name: string;
  readonly queue: string;
  /** Attempts in all: the first one plus `retry` retries. */
  readonly maxAttempts: number;
  readonly timeoutMs: number;
  readonly backoff: Backoff;
  readonly priority: JobPriority;
  readonly parameters: readonly string[];
  readonly perform: Handler;
  readonly onFailure?: Handler;
  readonly onFailureParameters: readonly string[];
}

/** Nexa's defaults: three retries, exponential backoff; the timeout is five minutes. */
export const DEFAULT_RETRIES = 3;
export const DEFAULT_TIMEOUT_SECONDS = 300;
export const DEFAULT_BACKOFF: Backoff = 'exponential';
/**
 * The first retry waits this long; `LOOM_JOBS_BACKOFF_SECONDS` changes it. Short on purpose:
 * `loom run` waits for its jobs, and a failing job should end the run in seconds, not minutes.
 */
export const DEFAULT_BACKOFF_BASE_SECONDS = 1;
/** No wait between attempts grows beyond this, whatever the strategy. */
const MAX_BACKOFF_SECONDS = 300;
const MS_PER_SECOND = 1000;

/** Bigger runs first; `critical` before `high` before `normal` before `low`. */
export const PRIORITY_RANK: Readonly<Record<JobPriority, number>> = { low: -1, normal: 0, high: 1, critical: 2 };

export function isPriority(value: string): value is JobPriority {
  return Object.hasOwn(PRIORITY_RANK, value);
}

export function defineJob(options: JobDeclarationOptions): JobDefinition {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const priority = options.priority ?? 'normal';
  // The checker has already held these to their kinds and words; this guards built modules.
  if (backoff !== 'fixed' && backoff !== 'linear' && backoff !== 'exponential') return fail(`job ${options.name}: unknown backoff '${backoff}'`);
  if (!isPriority(priority)) return fail(`job ${options.name}: unknown priority '${priority}'`);
  return {
    name: options.name,
    queue: options.queue ?? options.name,
    maxAttempts: (options.retry ?? DEFAULT_RETRIES) + 1,
    timeoutMs: (options.timeout ?? DEFAULT_TIMEOUT_SECONDS) * MS_PER_SECOND,
    backoff,
    priority,
    parameters: options.parameters,
    perform: options.perform,
    onFailure: options.onFailure,
    onFailureParameters: options.onFailureParameters ?? [],
  };
}

/**
 * How long to wait before attempt `failedAttempts + 1`, after `failedAttempts` failures:
 * fixed `b, b, b`, linear `b, 2b, 3b`, exponential `b, 2b, 4b`, capped at five minutes.
 */
export function backoffDelayMs(backoff: Backoff, failedAttempts: number, baseSeconds: number): number {
  const step = Math.max(1, failedAttempts);
  const factor = backoff === 'fixed' ? 1 : backoff === 'linear' ? step : 2 ** (step - 1);
  return Math.round(Math.min(baseSeconds * factor, MAX_BACKOFF_SECONDS) * MS_PER_SECOND);
}

/** The base of the backoff from `LOOM_JOBS_BACKOFF_SECONDS`, else the default. */
export function backoffBaseSeconds(env: NodeJS.ProcessEnv): number {
  const written = env['LOOM_JOBS_BACKOFF_SECONDS'];
  if (written === undefined || written === '') return DEFAULT_BACKOFF_BASE_SECONDS;
  const seconds = Number(written);
  if (!Number.isFinite(seconds) || seconds < 0) throw new LoomError('E105', `LOOM_JOBS_BACKOFF_SECONDS must be a number of seconds, got '${written}'`);
  return seconds;
}

/** A job's arguments travel through the queue as JSON: only JSON values can be enqueued. */
export type JobArguments = Record<string, unknown>;

/**
 * `spawn Mail(user, subject: s)` and `Mail.enqueue({"user": u})` as one dict of arguments by
 * parameter name: positional values take the parameters in order, named ones their own.
 */
export function jobArguments(definition: JobDefinition, positional: readonly unknown[], named: Readonly<Record<string, unknown>>): JobArguments {
  if (positional.length > definition.parameters.length) {
    return fail(`job ${definition.name} takes ${definition.parameters.length} argument${definition.parameters.length === 1 ? '' : 's'} (${definition.parameters.join(', ')}), got ${positional.length}`);
  }
  const args: JobArguments = {};
  positional.forEach((value, position) => {
    args[definition.parameters[position]] = value;
  });
  for (const [name, value] of Object.entries(named)) args[name] = value;
  assertJson(definition.name, args);
  return args;
}

function assertJson(job: string, value: unknown, path = 'arguments'): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return;
  } else if (Array.isArray(value)) {
    value.forEach((element, position) => assertJson(job, element, `${path}[${position}]`));
    return;
  } else if (isDict(value)) {
    for (const [key, element] of Object.entries(value)) assertJson(job, element, `${path}.${key}`);
    return;
  }
  fail(`job ${job}: ${path} must be a JSON value (string, number, bool, null, list or dict) to travel through the queue, got ${describe(value)}`);
}

/** The values `perform(a, b)` is called with: each parameter's argument, null when absent. */
export function performArguments(definition: JobDefinition, args: JobArguments): unknown[] {
  return definition.parameters.map((name) => (Object.hasOwn(args, name) ? args[name] : null));
}
