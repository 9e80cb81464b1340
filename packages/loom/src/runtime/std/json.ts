/**
 * `std.json`: parsing and writing JSON, and reading a dotted path out of data. Struct
 * instances are written as their fields.
 */
import { member } from '../core/access.js';
import { fail } from '../core/script-error.js';
import { isDict, StructValue } from '../core/values.js';
import { number, text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

/** Plain data for JSON: struct instances become their fields (also what an HTTP handler's value is sent as). */
export function jsonReady(value: unknown): unknown {
  if (value instanceof StructValue) return jsonReady(value.fields);
  if (Array.isArray(value)) return value.map(jsonReady);
  if (isDict(value)) return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, jsonReady(field)]));
  return value ?? null;
}

function parseJson(source: unknown): unknown {
  try {
    return JSON.parse(text(source, 'std.json.parse input'));
  } catch (error) {
    return fail(`invalid JSON: ${(error as Error).message}`);
  }
}

const json: StdFunctionsOf<'json'> = {
  parse: parseJson,
  json_parse: parseJson,
  stringify: (value, indent) => JSON.stringify(jsonReady(value), null, typeof indent === 'number' ? indent : undefined),
  // The reference's form: indented by 2 unless told otherwise, and JSON text is re-indented.
  json_stringify: (value, indent) => JSON.stringify(jsonReady(typeof value === 'string' ? parsedOrText(value) : value), null, indent === undefined || indent === null ? REFERENCE_INDENT : number(indent, 'the indent')),
  get: (value, path) => readPath(value, path),
  // The reference's name: its first argument is JSON text, though data read already works too.
  json_get: (value, path) => readPath(typeof value === 'string' ? parseJson(value) : value, path),
};

/** What json_stringify indents by when not told, as the reference documents. */
const REFERENCE_INDENT = 2;

/** JSON text as the data it holds; any other text as itself. */
function parsedOrText(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A dotted path (`data.items.0`) read out of data; a missing step is null. */
function readPath(value: unknown, path: unknown): unknown {
  return text(path, 'the path').split('.').reduce<unknown>((current, key) => (/^\d+$/.test(key) && Array.isArray(current) ? (current[Number(key)] ?? null) : member(current, key)), value);
}

export const jsonNamespace: StdNamespace<'json'> = {
  create: () => json,
  parameters: { json_parse: ['text'], json_get: ['text', 'path'], json_stringify: ['data', 'indent'] },
  tools: {
    parse: { description: 'Parse JSON text into data', parameters: { source: 'string' } },
    get: { description: 'Read a dotted path (a.b.c) out of data', parameters: { value: 'any', path: 'string' } },
  },
};
