/**
 * The standard library as one table: every `std.<namespace>.<function>` Loom runs, and the
 * namespaces and functions of the Nexa reference it knows but does not run, with the reason.
 * The checker accepts exactly the functions listed here (anything else under `std` is refused
 * before the program runs), and each runtime namespace module is typed to provide exactly
 * these names (runtime/std/namespace.ts), so the two cannot drift apart.
 */

const TEXT_FUNCTIONS = ['upper', 'lower', 'trim', 'split', 'replace', 'contains', 'length', 'join', 'text_split', 'text_replace', 'text_upper', 'text_lower'] as const;

/** std.auth's functions of the session of the request a server route answers (see STD_REQUEST_FUNCTIONS). */
const SESSION_FUNCTIONS = ['get_user', 'get_session', 'session_data', 'set_session', 'logout_user', 'require_auth', 'auth_context'] as const;

/** The functions of each namespace `loom run` provides; dotted names are reached as `std.db.sqlite.connect`. */
export const STD_FUNCTIONS = {
  json: ['parse', 'json_parse', 'stringify', 'json_stringify', 'get', 'json_get'],
  fs: ['file_read', 'read', 'file_write', 'write', 'file_append', 'file_exists', 'exists', 'file_list', 'file_delete'],
  time: ['now', 'time_now', 'timestamp', 'time_timestamp', 'sleep', 'time_sleep', 'diff', 'time_diff', 'format', 'time_format'],
  math: ['abs', 'floor', 'ceil', 'round', 'sqrt', 'pow', 'min', 'max', 'random', 'pi', 'math_calc', 'math_random'],
  text: TEXT_FUNCTIONS,
  // The same namespace under the Nexa docs' other name.
  string: TEXT_FUNCTIONS,
  regex: ['match', 'find_all', 'replace', 'regex_match', 'regex_replace'],
  hash: ['md5', 'sha256', 'hash_md5', 'hash_sha256', 'base64_encode', 'base64_decode'],
  http: ['get', 'post', 'put', 'delete', 'http_get', 'http_post', 'http_put', 'http_delete'],
  shell: ['execute', 'exec', 'shell_exec', 'which', 'shell_which'],
  template: ['render', 'filter_apply', 'template', 'compile', 'render_compiled', 'agent_prompt', 'agent_slot_fill', 'agent_register'],
  kv: [
    'open', 'get', 'get_int', 'get_float', 'get_str', 'get_bool', 'get_list', 'get_dict', 'get_json', 'set', 'set_nx', 'has',
    'del', 'delete', 'list', 'incr', 'expire', 'ttl', 'flush', 'agent_kv_store', 'agent_kv_query', 'agent_kv_context', 'close',
  ],
  db: [
    'connect', 'query', 'query_one', 'execute', 'begin', 'commit', 'rollback', 'transaction', 'close',
    'sqlite.connect', 'sqlite.query', 'sqlite.query_one', 'sqlite.execute', 'sqlite.begin', 'sqlite.commit', 'sqlite.rollback', 'sqlite.close',
    'postgres.connect', 'postgres.query', 'postgres.query_one', 'postgres.execute', 'postgres.begin', 'postgres.commit', 'postgres.rollback', 'postgres.close',
    'memory.store', 'memory.query', 'memory.list', 'memory.delete',
  ],
  auth: [
    'configure', 'enable_auth', 'api_key_generate', 'api_key_verify', 'api_key_revoke', 'jwt_sign', 'jwt_verify', 'jwt_decode',
    'csrf_token', 'csrf_generate', 'csrf_field', 'csrf_validate', 'verify_csrf', 'oauth', 'oauth_authorize', 'oauth_callback',
    ...SESSION_FUNCTIONS,
  ],
  env: ['get', 'has', 'names'],
  ask_human: ['ask_human', 'call'],
  ui: ['banner', 'markdown', 'code', 'panel', 'thinking', 'success', 'error', 'warning', 'info', 'input', 'agent_reply', 'tool_call'],
  concurrent: [
    'spawn', 'await_task', 'try_await', 'cancel_task', 'parallel', 'race', 'channel', 'send', 'recv', 'recv_timeout', 'try_recv',
    'close', 'select', 'after', 'schedule', 'cancel_schedule', 'sleep_ms', 'thread_count', 'ch_send', 'ch_recv', 'join_all',
  ],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type StdNamespaceName = keyof typeof STD_FUNCTIONS;
export type StdFunctionName<N extends StdNamespaceName> = (typeof STD_FUNCTIONS)[N][number];

/** Namespaces of the Nexa standard library reference that Loom does not run: every use is refused. */
export const STD_NAMESPACES_NOT_RUN: ReadonlySet<string> = new Set([
  'pipe', 'defer', 'null_coalesce', 'match', 'struct', 'enum', 'trait',
]);

/**
 * Functions that read or write the session of the HTTP request a server route is answering:
 * the checker refuses a call no route of the program can reach (check/request-functions.ts).
 */
export const STD_REQUEST_FUNCTIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['auth', new Set(SESSION_FUNCTIONS)],
]);
export const REQUEST_FUNCTION_REASON = 'sessions belong to the requests of a server route';

/** Functions of the reference, in namespaces Loom runs, that it does not run, with the reason. */
export const STD_FUNCTIONS_NOT_RUN: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([]);

export function isStdNamespaceRun(name: string): name is StdNamespaceName {
  return Object.hasOwn(STD_FUNCTIONS, name);
}

/** Every namespace name the reference has, run or not. */
export function stdNamespaceNames(): string[] {
  return [...Object.keys(STD_FUNCTIONS), ...STD_NAMESPACES_NOT_RUN];
}

export function isStdNamespace(name: string): boolean {
  return isStdNamespaceRun(name) || STD_NAMESPACES_NOT_RUN.has(name);
}

/** The functions `loom run` provides in `namespace` (none for a namespace it does not run). */
export function stdFunctionNames(namespace: string): readonly string[] {
  return isStdNamespaceRun(namespace) ? STD_FUNCTIONS[namespace] : [];
}
