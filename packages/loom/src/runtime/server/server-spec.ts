/**
 * What the code generator hands the runtime for one `server` declaration (emit/servers.ts):
 * the flat route table with handlers as stages, middleware and contracts as functions.
 */

/** One step of a route's handler chain or one middleware. */
export interface StageSpec {
  /** As written in the source, for messages and `loom routes`. */
  readonly name: string;
  /** A flow or function, with its parameter names so the request can be handed over by name. */
  readonly call?: (...args: unknown[]) => unknown;
  readonly parameters?: readonly string[];
  /** Any other handler (an agent, a closure), evaluated when the server starts. */
  readonly target?: () => Promise<unknown>;
  /** `[A, B]` in a chain: every branch gets the same input, the result is the list of answers. */
  readonly fanOut?: readonly StageSpec[];
}

export interface ContractSpec {
  readonly clause: 'requires' | 'ensures' | 'invariant';
  /** The condition as written. */
  readonly text: string;
  /** Throws a ContractViolation when the condition does not hold. */
  readonly check: (request: unknown, result: unknown) => Promise<void>;
}

export interface RouteSpec {
  /** Upper case; `null` for a semantic route. */
  readonly method: string | null;
  readonly path: string;
  readonly routerPath: string;
  /** `int`, `float` or `bool` by parameter name, for `{id: int}` segments; others are text. */
  readonly parameterTypes: Readonly<Record<string, string>>;
  readonly semantic: boolean;
  readonly handler: string;
  readonly stages: readonly StageSpec[];
  readonly middleware: readonly StageSpec[];
  readonly contracts: readonly ContractSpec[];
}

export interface ServerSpec {
  /** The port or the name, as written. */
  readonly label: string;
  readonly name: string | null;
  readonly port: number | null;
  readonly bodyLimit: number | null;
  readonly cors: (() => Promise<unknown>) | null;
  readonly statics: ReadonlyArray<{ readonly urlPath: string; readonly directory: string }>;
  /**
   * Whether a handler may call a request function (std.auth's session functions): only then is
   * each request answered inside its context (request-context.ts). On Node 20 an
   * AsyncLocalStorage in use slows every promise of the process (a hello route: about 12 % fewer
   * requests a second), so a server whose program never asks for the request does without.
   */
  readonly requestContext: boolean;
  /** Path prefixes whose requests need a bearer token the program's auth block verifies. */
  readonly requireAuth: readonly string[];
  readonly routes: readonly RouteSpec[];
}
