/**
 * The shape of one `std.*` namespace module. Each namespace lives in a file of its own and is
 * registered with one line in index.ts; what it offers agents through `uses std.NS` travels
 * with it, so adding a namespace touches no other file.
 */
import type { BuiltinTypeName } from '../../language/builtin-types.js';
import type { StdFunctionName, StdNamespaceName } from '../../language/std-library.js';
import type { ResourceTracker } from '../core/resource-handle.js';
import type { TaskScope } from '../core/tasks.js';
import type { Terminal } from '../infra/terminal.js';

export type StdFunction = (...args: unknown[]) => unknown;
export type StdFunctions = Readonly<Record<string, StdFunction>>;

/** The functions of `std.N`: exactly those the shared table lists (language/std-library.ts). */
export type StdFunctionsOf<N extends StdNamespaceName> = Readonly<Record<StdFunctionName<N>, StdFunction>>;

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
  /** The person at the keyboard, if any (std.ask_human). */
  readonly terminal: Terminal;
  /** Writes a line to the program's output, as `print` does (std.ui). */
  readonly write: (text: string) => void;
}

/** A namespace module whose functions object is `Functions`, with function names `Names`. */
interface StdNamespaceShape<Functions extends StdFunctions, Names extends string> {
  /** The functions of `std.NS` for one program; `env` is that program's environment. */
  readonly create: (env: NodeJS.ProcessEnv, services: StdServices) => Functions;
  /** The functions a model may call after `uses std.NS`; none means `uses` stops the program. */
  readonly tools?: Readonly<Partial<Record<Names, StdToolEntry>>>;
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
  readonly parameters?: Readonly<Partial<Record<Names, readonly string[]>>>;
}

/** The module of `std.N`, typed to provide exactly the functions the shared table lists. */
export type StdNamespace<N extends StdNamespaceName> = StdNamespaceShape<StdFunctionsOf<N>, StdFunctionName<N>>;

/** Any namespace module, as the host finds one by a name read from a program. */
export type StdModule = StdNamespaceShape<StdFunctions, string>;

/** The parameter names of `std.NS.name`, if the namespace documents them. */
export function parameterNames(namespace: StdModule, name: string): readonly string[] | undefined {
  const own = entryOf(namespace.parameters, name);
  if (own !== undefined) return own;
  const tool = entryOf(namespace.tools, name);
  return tool === undefined ? undefined : Object.keys(tool.parameters);
}

/** `table[name]` for a name read from a program, which may be any string. */
function entryOf<T>(table: Readonly<Partial<Record<string, T>>> | undefined, name: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
}
