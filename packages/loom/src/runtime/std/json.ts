/**
 * `std.json`: parsing and writing JSON, and reading a dotted path out of data. Struct
 * instances are written as their fields.
 */
import { member } from '../core/access.js';
import { fail } from '../core/script-error.js';
import { isDict, StructValue } from '../core/values.js';
import { text } from './arguments.js';
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
  json_stringify: (value) => JSON.stringify(jsonReady(value)),
  get: (value, path) => text(path, 'the path').split('.').reduce<unknown>((current, key) => member(current, key), value),
};

export const jsonNamespace: StdNamespace<'json'> = {
  create: () => json,
  tools: {
    parse: { description: 'Parse JSON text into data', parameters: { source: 'string' } },
    get: { description: 'Read a dotted path (a.b.c) out of data', parameters: { value: 'any', path: 'string' } },
  },
};
