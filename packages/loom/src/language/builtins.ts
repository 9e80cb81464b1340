/**
 * Names every Loom program may use without declaring them: the functions and values the Nexa
 * docs and examples call freely, and the standard library namespaces under `std`.
 */

/** Functions callable without a declaration (conversions, I/O, concurrency, result variants). */
const BUILTIN_FUNCTIONS = [
  // Output, input, secrets, process
  'print', 'input', 'secret', 'exit', 'img',
  // Conversions and collection helpers the docs use in flows
  'str', 'int', 'float', 'bool', 'list', 'dict', 'len', 'range', 'sorted', 'enumerate',
  'min', 'max', 'sum', 'abs', 'round', 'any', 'all',
  // Agent orchestration; `merge(a, b)` keeps the best of the results of `fork { } and { }`
  'join', 'merge',
  // Resource constructors of `db`/`kv`/`auth` declarations
  'connect', 'open', 'enable_auth',
  // Database operations on a `db` handle (std.db)
  'query', 'query_one', 'execute',
  // Structured concurrency (reference §3.12, std.concurrent)
  'spawn', 'parallel', 'race', 'channel', 'after', 'schedule', 'select', 'sleep', 'sleep_ms',
  'send', 'recv', 'recv_timeout', 'try_recv', 'close', 'await_task', 'try_await', 'cancel_task',
  'cancel_schedule', 'thread_count',
  // Actors (the Nexa actor chapter): the next message of the running actor's mailbox
  'receive',
  // Background jobs: the attempt the running code belongs to (its id and attempt number)
  'current_job',
  // Key-value store operations on a `kv` handle (std.kv)
  'get', 'get_int', 'get_str', 'get_json', 'set', 'set_nx', 'del', 'has', 'expire', 'ttl', 'flush', 'incr',
  // HTTP responses of server route handlers
  'json', 'html',
  // Option/Result variants written without the enum name, and raised errors
  'Some', 'Ok', 'Err', 'Error',
] as const;

/** Values (not only callables) available everywhere. */
const BUILTIN_VALUES = [
  'std', // the standard library root: std.fs, std.http, ...
  'secrets', // the loaded secrets.nxs as a map
  'runtime', // loop metadata such as runtime.meta.loop_count
  'JobQueue', // the project's job queue: JobQueue.status(id), list_jobs(), cancel(id), ...
] as const;

/** Enums every program knows: `Option::Some(x)`, `Result::Err(e)`. */
export const BUILTIN_ENUMS: ReadonlyMap<string, readonly string[]> = new Map([
  ['Option', ['Some', 'None']],
  ['Result', ['Ok', 'Err']],
]);

/**
 * The namespaces an agent may be given with `uses std.NS` (their runtime modules describe
 * tools, which a test holds). `uses` of another namespace is refused at compile time.
 */
export const STD_NAMESPACES_AS_TOOLS: ReadonlySet<string> = new Set([
  'json', 'fs', 'time', 'math', 'text', 'string', 'regex', 'hash', 'http', 'shell', 'template', 'env', 'db', 'kv', 'auth', 'ask_human',
]);

/**
 * The namespaces whose tools work on the program's declared handles, named by the declaration
 * (`db app = connect(...)`): `uses` of one needs at least one such declaration.
 */
export const STD_TOOLS_ON_DECLARED_HANDLES: ReadonlySet<string> = new Set(['db', 'kv']);

/** The Nexa docs' engine spellings of a tool namespace (`uses std.db.sqlite`): the URL picks the engine, so they are `std.db`. */
export const STD_TOOL_SPELLINGS: ReadonlyMap<string, string> = new Map([
  ['db.sqlite', 'db'],
  ['db.postgres', 'db'],
]);

/**
 * Builtins the checker knows (the Nexa docs call them freely) but `loom run` does not provide
 * yet: `join` as a function. (The resource builtins — `open`, `connect`, `get`, `set`,
 * `query`, ... — are the program's: host/resource-builtins.ts; the concurrency builtins are
 * std.concurrent's; `input`, `receive` and `img` are the program's: host/program.ts.) The
 * checker refuses a program that uses one, at the use (E006).
 */
export const BUILTINS_NOT_RUN: ReadonlySet<string> = new Set([
  'join',
]);

const BUILTIN_NAMES: ReadonlySet<string> = new Set<string>([...BUILTIN_FUNCTIONS, ...BUILTIN_VALUES]);

export function isBuiltinName(name: string): boolean {
  return BUILTIN_NAMES.has(name);
}

/** Every builtin, for "did you mean" suggestions. */
export function builtinNames(): Iterable<string> {
  return BUILTIN_NAMES;
}
