/**
 * Values in a key-value store are kept as JSON text: strings, numbers, booleans, null, lists
 * and dicts go in and come back as the same Loom values (an integer stays an integer, so
 * `incr` works on what `set` stored, on SQLite and Redis alike). Struct instances are stored
 * as their fields; anything else (a function, an agent, a handle) cannot be stored: E602.
 */
import { LoomError } from '../../../errors.js';
import { describe, isDict, StructValue } from '../../core/values.js';

function plainData(value: unknown, key: string): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new LoomError('E602', `cannot store ${describe(value)} under key '${key}': JSON has no such number`);
    return value;
  }
  if (Array.isArray(value)) return value.map((element) => plainData(element, key));
  if (value instanceof StructValue) return plainData(value.fields, key);
  if (isDict(value)) return Object.fromEntries(Object.entries(value).map(([field, element]) => [field, plainData(element, key)]));
  throw new LoomError('E602', `cannot store ${describe(value)} under key '${key}': only strings, numbers, booleans, null, lists and dicts can be stored`);
}

export function encodeValue(value: unknown, key: string): string {
  return JSON.stringify(plainData(value, key));
}

export function decodeValue(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    // Written by another program (redis-cli SET k v): the text itself is the value.
    return json;
  }
}
