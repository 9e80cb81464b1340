/**
 * The shape of one `std.*` namespace module. Each namespace lives in a file of its own and is
 * registered with one line in index.ts; what it offers agents through `uses std.NS` travels
 * with it, so adding a namespace touches no other file.
 */
import type { BuiltinTypeName } from '../../language/builtin-types.js';
import type { ResourceTracker } from '../core/resource-handle.js';
import type { TaskScope } from '../core/tasks.js';

export type StdFunction = (...args: unknown[]) => unknown;
export type StdFunctions = Readonly<Record<string, StdFunction>>;

/** One std function as a model sees it through function calling. */
export interface StdToolEntry {
  readonly description: string;
  /** Parameter name → built-in type, in the function's positional order. */
  readonly parameters: Readonly<Record<string, BuiltinTypeName>>;
}

/** What a namespace may need from the program it serves, beyond its environment. */
export interface StdServices {
  /** The project root (the nearest ancestor of the entry file holding secrets.nxs or loom.toml): relative paths resolve against it. */
  readonly projectRoot: string;
  /** Databases, stores and servers the program opened, closed when it ends. */
  readonly resources: ResourceTracker;
  /** The program's tasks (std.concurrent runs tasks in this scope). */
  readonly tasks: TaskScope;
  /** Calls a Loom function value (closure, flow, agent) the way the program's own calls do. */
  readonly call: (callee: unknown, args: readonly unknown[]) => unknown;
}

export interface StdNamespace {
  /** The functions of `std.NS` for one program; `env` is that program's environment. */
  readonly create: (env: NodeJS.ProcessEnv, services: StdServices) => StdFunctions;
  /** The functions a model may call after `uses std.NS`; none means `uses` stops the program. */
  readonly tools?: Readonly<Record<string, StdToolEntry>>;
  /**
   * For namespaces whose functions take a handle first (`db`, `kv`): the name of that first
   * parameter in the tool entries. A model cannot hold a handle, so it passes the name the
   * program declared it under (`db app = connect(...)` → `"app"`), never a URL; the tool looks
   * the handle up among the program's declared ones of this namespace.
   */
  readonly toolHandle?: string;
  /**
   * The documented parameter names of each function, in positional order, which named
   * arguments bind by (`std.kv.get(kv: store, key: "k")`). A function without an entry here
   * takes the parameter names of its tool entry.
   */
  readonly parameters?: Readonly<Record<string, readonly string[]>>;
}

/** The parameter names of `std.NS.name`, if the namespace documents them. */
export function parameterNames(namespace: StdNamespace, name: string): readonly string[] | undefined {
  const own = namespace.parameters !== undefined && Object.hasOwn(namespace.parameters, name) ? namespace.parameters[name] : undefined;
  if (own !== undefined) return own;
  const tool = namespace.tools !== undefined && Object.hasOwn(namespace.tools, name) ? namespace.tools[name] : undefined;
  return tool === undefined ? undefined : Object.keys(tool.parameters);
}
