/**
 * The shape of one `std.*` namespace module. Each namespace lives in a file of its own and is
 * registered with one line in index.ts; what it offers agents through `uses std.NS` travels
 * with it, so adding a namespace touches no other file.
 */
import type { TaskScope } from '../core/tasks.js';

export type StdFunction = (...args: unknown[]) => unknown;
export type StdFunctions = Readonly<Record<string, StdFunction>>;

/** One std function as a model sees it through function calling. */
export interface StdToolEntry {
  readonly description: string;
  /** Parameter name → type string, in the function's positional order. */
  readonly parameters: Readonly<Record<string, string>>;
}

/** What a namespace may need of the program it serves (std.concurrent runs tasks in its scope). */
export interface StdProgram {
  readonly tasks: TaskScope;
  /** Calls a Loom function value (closure, flow, agent) the way the program's own calls do. */
  readonly call: (callee: unknown, args: readonly unknown[]) => unknown;
}

export interface StdNamespace {
  /** The functions of `std.NS` for one program; `env` is that program's environment. */
  readonly create: (env: NodeJS.ProcessEnv, program: StdProgram) => StdFunctions;
  /** The functions a model may call after `uses std.NS`; none means `uses` stops the program. */
  readonly tools?: Readonly<Record<string, StdToolEntry>>;
}
