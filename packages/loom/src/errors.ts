import type { Span } from './language/span.js';
import { BUSY_TIMEOUT, CONNECT_TIMEOUT, STATEMENT_ANSWER_GRACE_MS, STATEMENT_TIMEOUT } from './runtime/infra/db/url-settings.js';

const MS_PER_SECOND = 1000;

/**
 * The one error registry of Loom. Every code the compiler or runtime can raise is listed here
 * with the family it is reported under, a short title, what causes it and how to fix it.
 * `loom explain`, docs/loom/errors.md and the runtime error formats all read this table.
 */
export const ERROR_CODES = [
  'E001', 'E002', 'E003', 'E004', 'E005', 'E006', 'E007',
  'E101', 'E102', 'E103', 'E104', 'E105',
  'E201', 'E202', 'E203', 'E204',
  'E301', 'E302', 'E303',
  'E401', 'E402', 'E403',
  'E501', 'E502', 'E503', 'E504',
  'E601', 'E602',
  'E701', 'E702', 'E703',
  'E801', 'E802',
  'E901', 'E902',
  'EA01', 'EA02', 'EA03',
  'EB01', 'EB02', 'EB03',
  'EC01', 'EC02',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The name an error is reported under at run time (`DatabaseError: ...`), and its `name`. */
export type ErrorFamily =
  | 'CompileError'
  | 'RuntimeError'
  | 'ContractViolation'
  | 'TypeViolation'
  | 'TypeWarning'
  | 'ProtocolError'
  | 'DatabaseError'
  | 'AuthError'
  | 'KVError'
  | 'ConcurrencyError'
  | 'TemplateError'
  | 'PatternMatchError'
  | 'ADTError'
  | 'JobError'
  | 'HTTPError';

export interface ErrorEntry {
  readonly family: ErrorFamily;
  readonly title: string;
  readonly cause: string;
  readonly remedy: string;
}

export const ERROR_REGISTRY: Readonly<Record<ErrorCode, ErrorEntry>> = {
  E001: {
    family: 'CompileError',
    title: 'Undeclared identifier',
    cause:
      'A name is used that no declaration in scope provides: an agent, tool, protocol, flow or ' +
      'variable that is misspelt, declared only after the flow that uses it, or defined in a ' +
      'file that is not included. Also raised for an `include` or agent `experience` file that ' +
      'does not exist, a skill file (`uses "SKILLS.md"`) that does not exist or cannot be read, an unknown decorator, and a server\'s `require_auth` in a program that ' +
      'declares no `auth` block to verify tokens with. A construct Loom knows but does not run ' +
      'is E006, not E001.',
    remedy:
      'Declare the agent, tool or protocol above the flow that uses it, fix the spelling, or ' +
      'add the `include "file.nxlib";` that provides it.',
  },
  E002: {
    family: 'CompileError',
    title: 'Type mismatch',
    cause:
      'A value or annotation does not have the type its position requires: a literal of the ' +
      'wrong type for an annotation, a call with an argument too many or a name its target does ' +
      'not declare, an unknown type name in a protocol field (quoted, `score: "numbr"`, or bare, ' +
      '`score: numbr`), a type string that is not well formed, or `x is y` with a variable on the right. ' +
      'Also a `@tool fn` implementing a skill-file tool whose parameters are not the ones the skill ' +
      'describes, or that cannot take the null an optional argument the model leaves out arrives as.',
    remedy:
      'Make the value agree with the annotation, or change the annotation; name a built-in or ' +
      'declared type in protocol fields; compare values with `==`.',
  },
  E003: {
    family: 'CompileError',
    title: 'Missing required property',
    cause:
      'An agent declares neither `role` nor `prompt`, so there is nothing to tell the model what to do; ' +
      'or a job declares neither a `perform(...)` handler nor `handler: SomeFlow`, so it has nothing to run.',
    remedy: 'Give the agent a `role`, a `prompt`, or both; give the job a `perform(args) { ... }` handler.',
  },
  E004: {
    family: 'CompileError',
    title: 'Syntax error',
    cause:
      'The source does not follow the grammar: a missing name, brace, parenthesis or comma, a ' +
      '`try` without its `catch`, an unterminated string, or a construct in a place where it is ' +
      'not allowed. In a skill file (`uses "SKILLS.md"`), a `## Tool:` section that cannot be read: ' +
      'a ```json block that is not JSON or not an object schema, a parameter list item that is not ' +
      '`- name: what it is (type)`, a tool name that is not a name, a code block never closed.',
    remedy:
      'Look at the marked token and the one just before it; the message says what was ' +
      'expected there. docs/loom/reference.md describes the accepted syntax.',
  },
  E005: {
    family: 'CompileError',
    title: 'Duplicate declaration',
    cause:
      'Two declarations in one namespace share a name: top-level agents, tools, protocols, ' +
      'flows (also across included files), parameters, agent properties, fields, variants or ' +
      'methods, and the tools of an agent\'s skill files; a top-level statement assigning the name of a top-level declaration declares it ' +
      'again. An include cycle (a file including itself, directly or through others) is ' +
      'reported here too, since it would declare every name of the cycle twice.',
    remedy: 'Rename one of them or delete the duplicate; break an include cycle by moving the shared declarations into a third file.',
  },
  E006: {
    family: 'CompileError',
    title: 'Not supported by this runtime',
    cause:
      'The program uses a construct of the Nexa language that Loom parses but does not run, so ' +
      '`validate`, `lint`, `build` and `run` refuse the whole program at the construct rather ' +
      'than run it halfway: `python!` blocks; an agent using a `tool` block, whether an MCP tool ' +
      '(`mcp:`), a Python tool (`python:`) or a block with no implementation (a `tool` block ' +
      'only describes a tool); a skill-file tool the program does not implement with a `@tool fn` ' +
      'of its name, and a skill file over 1 MiB; actor message handlers (functions, flows or `let` ' +
      'inside an agent body); calls into a `std` namespace Loom does ' +
      'not provide (such as std.pipe) or to the session functions of std.auth (get_user, ' +
      'set_session, ...) where no server route reaches them, since they need the request a ' +
      'route is answering (also at run time, when one is called while no request is being ' +
      'answered); the builtin `join`; `uses std.NS` of a ' +
      'namespace that offers no agent tools, or of std.db / std.kv in a program that declares ' +
      'no such handle; a tool block, protocol, trait, type or enum used as a value; an agent ' +
      'property written as a `{ ... }` block; an auth block value that is not a literal; a ' +
      '`db` or `kv` block without a string location; and a named argument the called flow ' +
      'does not declare; also `@tool(..., sandbox: true)`.',
    remedy:
      'Write the part in what Loom runs: a tool as `@tool("description") fn name(...) { ... }`, ' +
      'or `uses std.NS` of a namespace Loom provides (json, fs, time, math, text, string, ' +
      'regex, hash, http, shell, template, env, db, kv, auth); Python work through std.shell; ' +
      'a session function in a route handler (or a flow it calls) run with loom serve; ' +
      'an actor\'s message handler as a flow started with `spawn flow(...)` that takes its ' +
      'messages with `receive()`; a setting as a literal value. The ' +
      'message names the construct; docs/loom/reference.md lists what runs.',
  },
  E007: {
    family: 'CompileError',
    title: 'Harness rule violated',
    cause:
      'With `loom validate --harness=strict`, a program that uses the Nexa v2 harness breaks one ' +
      'of the rules of the Nexa harness validator, named by its rule id (E-001 ... X-002, the ' +
      'Nexa ids, not Loom codes): an autoloop without max_steps, timeout or verify, a @tool fn ' +
      'without a return type or with a short description, a snapshot never restored, a fork ' +
      'without merge, a reflect without step hooks, a semantic verify, or an agent used in fewer ' +
      'than three harness dimensions. With --harness=warn (the default) the same finding is the ' +
      'warning W007.',
    remedy:
      'Do what the message and its help line suggest, leave --harness at warn, or put code the ' +
      'rules should not judge in an `unharnessed { }` block.',
  },
  E101: {
    family: 'RuntimeError',
    title: 'Agent execution failed',
    cause:
      'An agent call did not produce a usable answer after all retries: the provider was ' +
      'unreachable or rejected the request, an API key or base URL is missing, the call timed ' +
      'out, or the reply could not be read.',
    remedy:
      'Check the provider entries in secrets.nxs (`<PROVIDER>_API_KEY`, `<PROVIDER>_BASE_URL`), ' +
      'then consider `retry`, `timeout` and a `fallback` model on the agent.',
  },
  E102: {
    family: 'RuntimeError',
    title: 'Tool execution failed',
    cause:
      'A tool raised an error, received arguments it could not use, or did not finish within ' +
      'its `tool_timeout`.',
    remedy: 'Check the arguments passed to the tool, the service it calls, and its timeout.',
  },
  E103: {
    family: 'RuntimeError',
    title: 'Pipeline execution failed',
    cause:
      'One stage of an agent pipeline (`>>`, `|>>`, `&>>`) failed, or handed the next stage ' +
      'output it could not accept.',
    remedy:
      'Run the failing stage (named in the message) on its own to see its error, and make ' +
      'sure each stage returns what the next one expects.',
  },
  E104: {
    family: 'RuntimeError',
    title: 'Intent routing failed',
    cause: 'No `intent(...)` branch of a match accepted the input and there is no `_` branch.',
    remedy: 'Add a `_ => ...` branch that handles input no intent recognises.',
  },
  E105: {
    family: 'RuntimeError',
    title: 'Operation failed',
    cause:
      'An operation of the program met a value it cannot work with: arithmetic on something ' +
      'that is not a number, division by zero, an index out of range, a field or method the ' +
      'value does not have (also of null), calling a value that is not a function, a builtin ' +
      'or std function given an argument of the wrong kind. Also a job queue that cannot be ' +
      'opened or used: its Redis server unreachable, or its SQLite file kept locked by another ' +
      `connection past the busy timeout (${BUSY_TIMEOUT.defaultValue / MS_PER_SECOND} s, or \`?busy_timeout=MS\` in LOOM_JOBS_URL). An unexpected failure inside the ` +
      'runtime is reported under this code too, at the place in the program that caused it.',
    remedy:
      'The message names the operation and the value it got; check where that value comes ' +
      'from, or guard the operation (`if`, `??`, `otherwise`, try/catch).',
  },
  E201: {
    family: 'ContractViolation',
    title: 'Precondition (requires) violated',
    cause:
      'A flow was called with input that fails one of its `requires` clauses, either a ' +
      'boolean expression or a semantic condition judged by the model.',
    remedy:
      'Validate the input before calling the flow, or relax the clause if it is stricter ' +
      'than the flow needs.',
  },
  E202: {
    family: 'ContractViolation',
    title: 'Postcondition (ensures) violated',
    cause: 'A flow returned a result that fails one of its `ensures` clauses.',
    remedy:
      'Change the flow so every path returns a result meeting the clause, or state the ' +
      'clause as what the flow really guarantees.',
  },
  E203: {
    family: 'ContractViolation',
    title: 'Invariant violated',
    cause: 'A value stopped satisfying an `invariant` that must hold for its whole lifetime.',
    remedy: 'Find the update that broke the invariant and keep the state within it.',
  },
  E204: {
    family: 'ContractViolation',
    title: 'Verification failed',
    cause:
      'A `verify` statement found a value that does not pass its check: `verify x satisfies T` ' +
      '(a type or protocol, or a semantic condition in quotes judged by the model), ' +
      '`verify "claim" against x`, `verify x contains y` or `verify expression`. The failure is ' +
      'also left as a reflection for the next agent call; inside an autoloop the next step ' +
      'tries again with it, and the error is raised when no step is left.',
    remedy:
      'Let the agent correct itself inside an autoloop or a try_agent/catch_correction, or ' +
      'change the check if it asks for more than the program needs.',
  },
  E301: {
    family: 'TypeViolation',
    title: 'Type violation (strict mode)',
    cause:
      'With LOOM_TYPE_MODE=strict, a value did not match its declared type at run time, so ' +
      'the program stopped.',
    remedy:
      'Make the value match the annotation or change the annotation; LOOM_TYPE_MODE=warn ' +
      'reports such mismatches without stopping.',
  },
  E302: {
    family: 'TypeWarning',
    title: 'Type warning (warn mode)',
    cause:
      'With LOOM_TYPE_MODE=warn (the default), a value did not match its declared type; the ' +
      'program reported it and went on.',
    remedy: 'Make the value match the annotation or change the annotation.',
  },
  E303: {
    family: 'ProtocolError',
    title: 'Protocol validation failed',
    cause:
      'An agent bound to a protocol (`implements P`, or an `output_schema`, as a property or in its ' +
      'context block) returned output whose fields are missing ' +
      'or have the wrong type.',
    remedy:
      'Say in the agent prompt exactly which fields and types to return, and check that the ' +
      'protocol field types are the ones you mean.',
  },
  E401: {
    family: 'DatabaseError',
    title: 'Database connection failed',
    cause:
      'connect(...) could not open the database: the directory of the SQLite path does not ' +
      'exist (Loom never creates it) or is not writable, or the PostgreSQL URL, credentials or ' +
      `server are wrong, or the server did not answer within the connect timeout (${CONNECT_TIMEOUT.defaultValue} s, or ` +
      '`?connect_timeout=N` in the URL), or a setting of the URL (`?busy_timeout=MS`, …) is not one ' +
      'the engine takes or not a whole number. The message carries the engine reason, never the password.',
    remedy: 'Check the connection URL, the file path and its permissions, and that the server is reachable.',
  },
  E402: {
    family: 'DatabaseError',
    title: 'Database query failed',
    cause:
      'The database rejected a statement: invalid SQL, a table or column that does not ' +
      'exist, or parameters that do not match the placeholders. Also a statement outside a ' +
      'transaction whose connection was lost and could not be run again safely: the message ' +
      'says whether it may have taken effect. Also a PostgreSQL statement cancelled at the ' +
      `statement timeout (${STATEMENT_TIMEOUT.defaultValue / MS_PER_SECOND} s, or \`?statement_timeout=MS\` in the URL) or left unanswered ${STATEMENT_ANSWER_GRACE_MS / MS_PER_SECOND} s past ` +
      'it (a network gone silent: the connection is given up), and a SQLite statement that waited ' +
      `out the busy timeout (${BUSY_TIMEOUT.defaultValue / MS_PER_SECOND} s, or \`?busy_timeout=MS\` in the URL) while another connection kept the file locked.`,
    remedy: 'Run the statement by hand against the same schema and compare the parameter count with the placeholders; for a lock, find what holds the file (another program, a long transaction) or raise the busy timeout.',
  },
  E403: {
    family: 'DatabaseError',
    title: 'Database transaction failed',
    cause:
      'A statement inside begin … commit (or a transaction block) failed, so the whole ' +
      'transaction was rolled back; the connection stays usable. Also commit without begin, and ' +
      'a transaction whose connection the server ended (rolled back by the server; a COMMIT whose ' +
      'answer was lost, or never came within the statement timeout, says "commit outcome unknown"), ' +
      'a statement of the transaction past the statement timeout, and a transaction that could not begin ' +
      'because another connection kept a SQLite file locked past the busy timeout.',
    remedy: 'The database is unchanged; fix the failing statement (named in the message) and retry the transaction.',
  },
  E501: {
    family: 'AuthError',
    title: 'Authentication failed',
    cause:
      'The credentials were missing, malformed, unknown to the key store, revoked or expired ' +
      '(Loom API keys are `loom-ak-` followed by 32 lowercase hexadecimal digits, kept in ' +
      "the project's .loom/api-keys.db or the auth block's `api_keys` store), or the auth " +
      'block names an `api_keys` store that is not a URL.',
    remedy: 'Send a key created by std.auth with the same key store (or the configured provider) and check that it is still valid.',
  },
  E502: {
    family: 'AuthError',
    title: 'JWT rejected',
    cause:
      'A JSON Web Token was malformed, signed with another key or algorithm than the auth ' +
      'block allows, or expired.',
    remedy: 'Check the `secret`, `algorithms` and `expires_in` of the auth block against the token issuer.',
  },
  E503: {
    family: 'AuthError',
    title: 'CSRF validation failed',
    cause: 'A state-changing request carried no CSRF token, or one that does not match the session or has expired.',
    remedy: 'Render the current CSRF token into the form or request header and send it back unchanged.',
  },
  E504: {
    family: 'AuthError',
    title: 'OAuth flow failed',
    cause:
      'The OAuth exchange did not complete: wrong client id or secret, a redirect URI the ' +
      'provider does not know, or a PKCE verifier that does not match the challenge.',
    remedy: 'Compare client_id, client_secret and redirect_uri with the provider registration.',
  },
  E601: {
    family: 'KVError',
    title: 'Key-value operation failed',
    cause:
      'A key-value store operation failed: the key does not exist, was deleted or its TTL has expired, the store cannot be opened or was closed, ' +
      'or its Redis server is unreachable (Loom keeps reconnecting; a command waits at most 1 s for the connection and an answer at most 10 s), ' +
      'or the connection dropped before Redis answered an incr, set_nx or del, which Loom does not send twice, ' +
      `or a SQLite store's file stayed locked by another connection past the busy timeout (${BUSY_TIMEOUT.defaultValue / MS_PER_SECOND} s, or \`?busy_timeout=MS\` in the URL), the operation then not applied.`,
    remedy:
      'Open the store before use and read optional keys with a default (`kv.get("k") ?? default`) or check `kv.has("k")` first; ' +
      'for a lost Redis server, check that it runs and retry the operation (an incr or set_nx that may have been applied: read the key first).',
  },
  E602: {
    family: 'KVError',
    title: 'Key-value serialization failed',
    cause: 'A value could not be stored or read back: it cannot be serialized, or the stored data is not of the type requested.',
    remedy: 'Store plain data (strings, numbers, lists, dicts) and read it back with the matching typed getter.',
  },
  E701: {
    family: 'ConcurrencyError',
    title: 'Task cancelled or timed out',
    cause: 'A concurrent task was cancelled explicitly or ran past its time limit before producing a result.',
    remedy: 'Raise the time limit, or handle cancellation where the task result is awaited.',
  },
  E702: {
    family: 'ConcurrencyError',
    title: 'Channel closed',
    cause:
      'A message was sent to, or awaited from, a channel that had already been closed, or ' +
      'passed to an actor that takes no more messages (it was awaited, or it has ended).',
    remedy: 'Check whether the channel is closed before using it, or use a non-blocking receive; pass an actor its messages before you await it.',
  },
  E703: {
    family: 'ConcurrencyError',
    title: 'Every task in a race failed',
    cause: 'A race, or a `fork [...]` of the harness, needs one branch to succeed, and all of them failed.',
    remedy: 'Look at the individual task errors listed in the message; make at least one branch reliable.',
  },
  E801: {
    family: 'TemplateError',
    title: 'Template compilation failed',
    cause: 'A template is malformed: a block such as `{{#for}}` or `{{#if}}` is not closed, or a filter does not exist.',
    remedy: 'Close every block and use only the documented filters.',
  },
  E802: {
    family: 'TemplateError',
    title: 'Template rendering failed',
    cause: 'A template refers to a variable the data does not contain, or to data of another shape.',
    remedy: 'Pass the missing value or give it a default with the `default(...)` filter.',
  },
  E901: {
    family: 'PatternMatchError',
    title: 'No match branch applies',
    cause: 'A `match` received a value that none of its patterns accept, and there is no `_` branch.',
    remedy: 'Add the missing patterns or a final `_ => ...` branch.',
  },
  E902: {
    family: 'PatternMatchError',
    title: 'Destructuring failed',
    cause: 'A destructuring pattern does not fit the value, e.g. a two-element pattern applied to a dict or a shorter list.',
    remedy: 'Make the pattern follow the shape of the value, or check the shape before destructuring.',
  },
  EA01: {
    family: 'ADTError',
    title: 'Struct operation failed',
    cause: 'A struct that was never declared was used, or a field the struct does not have was read or set.',
    remedy: 'Declare the struct and use only its declared field names.',
  },
  EA02: {
    family: 'ADTError',
    title: 'Enum operation failed',
    cause: 'An enum or variant that is not declared was used, or a variant got the wrong number of values.',
    remedy: 'Check the enum and variant names and the number of values each variant carries.',
  },
  EA03: {
    family: 'ADTError',
    title: 'Trait implementation missing',
    cause:
      'A trait method was called on a type that has no `impl` of that trait, or (at compile ' +
      'time) an `impl` leaves out methods its trait requires.',
    remedy: 'Add `impl Trait for Type { ... }` with every method the trait requires.',
  },
  EB01: {
    family: 'JobError',
    title: 'Job failed',
    cause: 'An attempt of a background job raised an error. The job is retried after its backoff while it has attempts left (`retry: N` allows N more), and dead-lettered (EB03) after the last one.',
    remedy: 'Read the reason after the attempt number, fix the job, and handle permanent failures in `on_failure`; make the job idempotent by its id, since a retried or recovered job runs again.',
  },
  EB02: {
    family: 'JobError',
    title: 'Job timed out',
    cause: "A job attempt ran longer than the job's `timeout` (seconds; 300 by default): its work was aborted (its sleeps, agent calls, HTTP requests and shell commands stop) and the attempt counts as failed.",
    remedy: 'Raise the job timeout or split the work into smaller jobs.',
  },
  EB03: {
    family: 'JobError',
    title: 'Job dead-lettered',
    cause: 'A job used up all its attempts and was moved to the dead-letter queue (state `dead`); `loom run` reports each job it enqueued that ended so, naming it, and exits with status 1.',
    remedy: 'Inspect it with `loom jobs --dead-letter`, fix the cause, then `loom jobs --retry-dead-letter JOB_ID` (or `loom jobs retry JOB_ID`).',
  },
  EC01: {
    family: 'HTTPError',
    title: 'Route not declared',
    cause:
      'An HTTP request to `loom serve` used a path that no `route` (or `static` mount, or semantic ' +
      'route the weak model picked) of the server declares: the answer is 404. A path that is ' +
      'declared, but for other methods, is 405 with an `Allow` header listing them. The body is ' +
      '`{"error": {"code": "EC01", "message": "No route found for GET /x"}}`.',
    remedy: 'Add the route to the `server` block (`loom routes FILE` lists the declared ones), or fix the method or path in the request.',
  },
  EC02: {
    family: 'ContractViolation',
    title: 'HTTP contract violated',
    cause:
      'A route contract failed: a failed `requires` (which sees `request`) rejects the request ' +
      'with 401 before the handler runs; a failed `ensures` (which also sees `result`, the ' +
      "handler's value) withholds that value and answers 403. The body names the clause: " +
      '`{"error": {"code": "EC02", "clause": "requires", "message": "ContractViolation(requires): ..."}}`. ' +
      'A request a `requires` cannot read (its operations fail on the body: a field of a text, ' +
      'list or form body, malformed JSON) is the client\'s fault and answers 400 with the same code.',
    remedy: 'Send requests that meet the route `requires` (usually credentials) and make the handler meet its `ensures`.',
  },
};

/**
 * Lint warnings (`loom lint`) have W-codes in the same registry: none of them is an error, so
 * they have no family, only a title and a remedy.
 */
export const LINT_CODES = ['W001', 'W002', 'W003', 'W004', 'W005', 'W006', 'W007'] as const;
export type LintCode = (typeof LINT_CODES)[number];

/** What the registry says of a lint warning: `loom explain W002` prints it. */
export interface LintEntry {
  readonly title: string;
  readonly remedy: string;
}

export const LINT_REGISTRY: Readonly<Record<LintCode, LintEntry>> = {
  W001: {
    title: 'Missing type annotation (only with --warn-untyped)',
    remedy:
      'Annotate flow parameters (`text: str`), results (`-> str`) and `let` bindings (`let n: int = 0`) ' +
      'so the runtime type mode can check them.',
  },
  W002: {
    title: 'Unused declaration',
    remedy: 'Use the agent, tool, protocol or type, or delete it.',
  },
  W003: {
    title: 'Unreachable code',
    remedy: 'Statements after `return`, `break`, `continue` or `raise` in the same block never run; move or delete them.',
  },
  W004: {
    title: 'Variable is never read',
    remedy: 'Use the value, drop the assignment and keep only the call, or name the variable with a leading `_`.',
  },
  W005: {
    title: 'Intent match without a default branch',
    remedy: 'Add a `_ => ...` branch: input no intent accepts raises E104 at run time.',
  },
  W006: {
    title: 'Argument does not match the parameter type',
    remedy:
      'Pass a value of the annotated type, or change the annotation. The call still compiles: annotations are ' +
      'checked when it runs, as LOOM_TYPE_MODE says (E301 in strict mode, an E302 warning by default).',
  },
  W007: {
    title: 'Harness rule (loom validate --harness=warn)',
    remedy:
      'A rule of the Nexa harness validator, named by its id (E-003, V-003, ...), that the program breaks; ' +
      'the message says which and the help line how to follow it. --harness=strict makes these errors (E007), ' +
      '--harness=off leaves them out.',
  },
};

export function isLintCode(text: string): text is LintCode {
  return Object.hasOwn(LINT_REGISTRY, text);
}

export function isErrorCode(text: string): text is ErrorCode {
  return Object.hasOwn(ERROR_REGISTRY, text);
}

/**
 * An error Loom raises, compile time or run time. It is plain data so that scripts can catch
 * it and read `e.code` and `e.message`; its `name` is the family (`DatabaseError`), which is
 * also the word it is reported under.
 */
export class LoomError extends Error {
  readonly code: ErrorCode;
  readonly span?: Span;

  constructor(code: ErrorCode, message: string, span?: Span, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.span = span;
    this.name = ERROR_REGISTRY[code].family;
  }
}

export type ContractClause = 'requires' | 'ensures' | 'invariant' | 'verify';
export type ContractConditionKind = 'deterministic' | 'semantic';
export type ContractCode = 'E201' | 'E202' | 'E203' | 'E204' | 'EC02';

const CLAUSE_CODES: Readonly<Record<ContractClause, ContractCode>> = {
  requires: 'E201',
  ensures: 'E202',
  invariant: 'E203',
  verify: 'E204',
};

export interface ContractViolationDetails {
  readonly clause: ContractClause;
  readonly condition: ContractConditionKind;
  /** The code when it is not the clause's own (route contracts raise EC02). */
  readonly code?: ContractCode;
  readonly span?: Span;
}

/** A failed `requires`/`ensures`/`invariant`; the report names the clause and how it was judged. */
export class ContractViolation extends LoomError {
  readonly clause: ContractClause;
  readonly condition: ContractConditionKind;

  constructor(message: string, details: ContractViolationDetails) {
    super(details.code ?? CLAUSE_CODES[details.clause], message, details.span);
    this.clause = details.clause;
    this.condition = details.condition;
  }
}
