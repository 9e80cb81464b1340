/**
 * `agent A uses std.fs, std.time { ... }`: the standard library functions a model may call,
 * described for function calling. Each entry names the std function, says what it does and
 * lists its positional parameters with their types, so the model's named arguments can be
 * passed on in order. `uses` naming a namespace without entries here (db, kv, ...) stops the
 * program when the agent is declared, rather than giving the model fewer tools than written.
 */
import { unsupported } from './script-error.js';
import { withToolSignal } from './tool-signal.js';
import { bindTool } from './tools.js';
import type { ToolBinding } from './tools.js';

type StdFunction = (...args: unknown[]) => unknown;

interface StdToolEntry {
  readonly description: string;
  /** Parameter name → type string, in the function's positional order. */
  readonly parameters: Readonly<Record<string, string>>;
}

const TEXT_TOOLS: Readonly<Record<string, StdToolEntry>> = {
  upper: { description: 'Convert text to upper case', parameters: { text: 'string' } },
  lower: { description: 'Convert text to lower case', parameters: { text: 'string' } },
  trim: { description: 'Remove leading and trailing whitespace', parameters: { text: 'string' } },
  split: { description: 'Split text at a separator', parameters: { text: 'string', separator: 'string' } },
  replace: { description: 'Replace every occurrence of a substring', parameters: { text: 'string', from: 'string', to: 'string' } },
  contains: { description: 'Whether text contains a substring', parameters: { text: 'string', part: 'string' } },
  length: { description: 'Number of characters in text', parameters: { text: 'string' } },
};

const STD_TOOLS: Readonly<Record<string, Readonly<Record<string, StdToolEntry>>>> = {
  fs: {
    file_read: { description: 'Read a text file', parameters: { path: 'string' } },
    file_write: { description: 'Write text to a file, replacing its content', parameters: { path: 'string', content: 'string' } },
    file_append: { description: 'Append text to a file', parameters: { path: 'string', content: 'string' } },
    file_exists: { description: 'Whether a file or directory exists', parameters: { path: 'string' } },
    file_list: { description: 'List the names in a directory', parameters: { path: 'string' } },
  },
  time: {
    now: { description: 'The current date and time (ISO 8601)', parameters: {} },
    timestamp: { description: 'Seconds since the Unix epoch', parameters: {} },
    format: { description: 'Format an ISO time with strftime-style codes (%Y-%m-%d)', parameters: { time: 'string', pattern: 'string' } },
  },
  math: {
    sqrt: { description: 'Square root', parameters: { value: 'number' } },
    pow: { description: 'base raised to exponent', parameters: { base: 'number', exponent: 'number' } },
    abs: { description: 'Absolute value', parameters: { value: 'number' } },
    round: { description: 'Round to the nearest integer', parameters: { value: 'number' } },
  },
  json: {
    parse: { description: 'Parse JSON text into data', parameters: { source: 'string' } },
    get: { description: 'Read a dotted path (a.b.c) out of data', parameters: { value: 'any', path: 'string' } },
  },
  text: TEXT_TOOLS,
  string: TEXT_TOOLS,
  regex: {
    match: { description: 'Whether a regular expression matches text', parameters: { pattern: 'string', text: 'string' } },
    find_all: { description: 'Every match of a regular expression in text', parameters: { pattern: 'string', text: 'string' } },
  },
  http: {
    get: { description: 'HTTP GET a URL; returns the response body as text', parameters: { url: 'string' } },
    post: { description: 'HTTP POST data (text, or any value sent as JSON) to a URL; returns the response body', parameters: { url: 'string', data: 'any' } },
    put: { description: 'HTTP PUT data (text, or any value sent as JSON) to a URL; returns the response body', parameters: { url: 'string', data: 'any' } },
    delete: { description: 'HTTP DELETE a URL; returns the response body', parameters: { url: 'string' } },
  },
  shell: {
    execute: {
      description: 'Run one program with arguments (no shell: no pipes, redirections or $ expansions); returns {stdout, stderr, exit_code}',
      parameters: { command: 'string' },
    },
    which: { description: 'The path of a program on PATH, or null', parameters: { program: 'string' } },
  },
  hash: {
    sha256: { description: 'SHA-256 of text, in hex', parameters: { text: 'string' } },
    md5: { description: 'MD5 of text, in hex', parameters: { text: 'string' } },
    base64_encode: { description: 'Encode text as base64', parameters: { text: 'string' } },
    base64_decode: { description: 'Decode base64 to text', parameters: { text: 'string' } },
  },
};

/**
 * The tools of `uses std.<namespace>`, calling the functions of `functions` (the runtime's
 * std namespace object). Tool names are `std_<namespace>_<function>`, as providers allow
 * only letters, digits, `_` and `-`. The std function runs with the tool call's signal, so
 * a request or command stops when `tool_timeout` fires.
 */
export function stdTools(namespace: string, functions: Readonly<Record<string, StdFunction>>): ToolBinding[] {
  const entries = STD_TOOLS[namespace];
  if (entries === undefined) return unsupported(`agent tools of std.${namespace}`);
  return Object.entries(entries).map(([name, entry]) =>
    bindTool(
      { name: `std_${namespace}_${name}`, description: entry.description, parameters: entry.parameters },
      (args, signal) => withToolSignal(signal, () => functions[name](...Object.keys(entry.parameters).map((parameter) => args[parameter]))),
    ),
  );
}
