/**
 * Field, index and slice access. Dot access on a dict reads its key (a missing key reads as
 * null, so `config.timeout ?? 30` works); on a struct it must name a declared field (EA01).
 * Indexes count from 0, negative ones from the end, as in the Python Nexa compiled to.
 */
import { LoomError } from '../../errors.js';
import { isMemberSource } from './member-source.js';
import { fail } from './script-error.js';
import { describe, isDict, StructValue, VariantValue } from './values.js';

/** Properties every error exposes to `catch (e)`. */
const ERROR_FIELDS = new Set(['code', 'message', 'name']);

export function member(object: unknown, name: string): unknown {
  if (isDict(object)) return Object.hasOwn(object, name) ? object[name] : null;
  if (object instanceof StructValue) {
    if (Object.hasOwn(object.fields, name)) return object.fields[name];
    throw new LoomError('EA01', `struct ${object.typeName} has no field '${name}'`);
  }
  if (object instanceof VariantValue) {
    const index = object.fieldNames.indexOf(name);
    if (index >= 0) return object.values[index];
    return fail(`${object.enumName}::${object.variant} has no field '${name}'`);
  }
  if (object instanceof Error) {
    if (ERROR_FIELDS.has(name) || Object.hasOwn(object, name)) return (object as unknown as Record<string, unknown>)[name] ?? null;
    return null;
  }
  if ((typeof object === 'string' || Array.isArray(object)) && name === 'length') return object.length;
  if (isMemberSource(object)) return object.loomMember(name);
  // Own data only: an inherited method read off an object would be called without its `this`.
  if (typeof object === 'object' && object !== null && Object.hasOwn(object, name)) return (object as Record<string, unknown>)[name];
  return fail(`cannot read field '${name}' of ${describe(object)}`);
}

export function setMember(object: unknown, name: string, value: unknown): void {
  if (isDict(object)) {
    object[name] = value;
    return;
  }
  if (object instanceof StructValue) {
    if (!Object.hasOwn(object.fields, name)) throw new LoomError('EA01', `struct ${object.typeName} has no field '${name}'`);
    object.fields[name] = value;
    return;
  }
  fail(`cannot set field '${name}' of ${describe(object)}`);
}

function listPosition(list: { readonly length: number }, index: unknown): number {
  if (!Number.isInteger(index)) return fail(`a list index must be an integer, got ${describe(index)}`);
  const position = (index as number) < 0 ? list.length + (index as number) : (index as number);
  if (position < 0 || position >= list.length) return fail(`index ${index as number} is out of range for a length of ${list.length}`);
  return position;
}

export function index(object: unknown, key: unknown): unknown {
  if (Array.isArray(object)) return object[listPosition(object, key)];
  if (typeof object === 'string') return object[listPosition(object, key)];
  if (isDict(object)) {
    const name = String(key);
    return Object.hasOwn(object, name) ? object[name] : null;
  }
  if (object instanceof StructValue && typeof key === 'string') return member(object, key);
  return fail(`cannot index ${describe(object)}`);
}

export function setIndex(object: unknown, key: unknown, value: unknown): void {
  if (Array.isArray(object)) {
    object[listPosition(object, key)] = value;
    return;
  }
  if (isDict(object)) {
    object[String(key)] = value;
    return;
  }
  if (object instanceof StructValue && typeof key === 'string') {
    setMember(object, key, value);
    return;
  }
  fail(`cannot assign an index of ${describe(object)}`);
}

function sliceBound(bound: unknown, length: number, fallback: number): number {
  if (bound === null || bound === undefined) return fallback;
  if (!Number.isInteger(bound)) return fail(`a slice bound must be an integer, got ${describe(bound)}`);
  const value = bound as number;
  return Math.min(length, Math.max(0, value < 0 ? length + value : value));
}

/** `items[a:b]`: missing bounds mean the ends; bounds past the ends are clamped. */
export function slice(object: unknown, start: unknown, end: unknown): unknown {
  if (typeof object !== 'string' && !Array.isArray(object)) return fail(`cannot slice ${describe(object)}`);
  return object.slice(sliceBound(start, object.length, 0), sliceBound(end, object.length, object.length));
}
