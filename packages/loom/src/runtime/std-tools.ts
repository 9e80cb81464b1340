/**
 * `agent A uses std.fs, std.time { ... }`: the standard library functions a model may call,
 * described for function calling. Each entry names the std function, says what it does and
 * lists its positional parameters with their types, so the model's named arguments can be
 * passed on in order. Namespaces without entries here (http, shell, db, ...) offer no tools.
 */
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
 * only letters, digits, `_` and `-`.
 */
export function stdTools(namespace: string, functions: Readonly<Record<string, StdFunction>>): ToolBinding[] {
  const entries = STD_TOOLS[namespace] ?? {};
  return Object.entries(entries).map(([name, entry]) =>
    bindTool(
      { name: `std_${namespace}_${name}`, description: entry.description, parameters: entry.parameters },
      (args) => functions[name](...Object.keys(entry.parameters).map((parameter) => args[parameter])),
    ),
  );
}
