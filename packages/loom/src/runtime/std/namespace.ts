/**
 * The shape of one `std.*` namespace module. Each namespace lives in a file of its own and is
 * registered with one line in index.ts; what it offers agents through `uses std.NS` travels
 * with it, so adding a namespace touches no other file.
 */
export type StdFunction = (...args: unknown[]) => unknown;
export type StdFunctions = Readonly<Record<string, StdFunction>>;

/** One std function as a model sees it through function calling. */
export interface StdToolEntry {
  readonly description: string;
  /** Parameter name → type string, in the function's positional order. */
  readonly parameters: Readonly<Record<string, string>>;
}

export interface StdNamespace {
  /** The functions of `std.NS` for one program; `env` is that program's environment. */
  readonly create: (env: NodeJS.ProcessEnv) => StdFunctions;
  /** The functions a model may call after `uses std.NS`; none means `uses` stops the program. */
  readonly tools?: Readonly<Record<string, StdToolEntry>>;
}
