/**
 * Loom values at run time are plain JavaScript values wherever the semantics allow, so that
 * generated code stays fast: numbers, strings, booleans, `null`, arrays for lists and plain
 * objects for dicts. Only struct instances and enum variants need classes of their own
 * (adt.ts). This module holds what every other part asks of a value: its truth, equality,
 * type name and how it reads when printed.
 */
import { LoomError } from '../../errors.js';
import { formatErrorHeadline } from './error-headline.js';

/** An enum value such as `Option::Some(42)`: the payload values in declaration order. */
export class VariantValue {
  constructor(
    readonly enumName: string,
    readonly variant: string,
    readonly values: readonly unknown[],
    /** Payload names from the declaration (`Some(value)`), readable as fields. */
    readonly fieldNames: readonly string[],
  ) {}
}

/** A struct instance: its type name and fields in declaration order. */
export class StructValue {
  constructor(
    readonly typeName: string,
    readonly fields: Record<string, unknown>,
  ) {}
}

export function isDict(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

export function isNone(value: unknown): boolean {
  return value instanceof VariantValue && value.enumName === 'Option' && value.variant === 'None';
}

/** `value is Enum::Variant` (or a bare `Err`, `None`); null counts as `Option::None`, as `??` and `?` treat it. */
export function isVariant(value: unknown, enumName: string, variant: string): boolean {
  if (enumName === 'Option' && variant === 'None' && (value === null || value === undefined)) return true;
  return value instanceof VariantValue && value.enumName === enumName && value.variant === variant;
}

/** What `??` replaces: null, `Option::None` and the empty dict (as the Nexa reference says). */
export function isAbsent(value: unknown): boolean {
  return value === null || value === undefined || isNone(value) || (isDict(value) && Object.keys(value).length === 0);
}

/** Python's truth, which Nexa kept: empty strings, lists and dicts, zero, null and None are false. */
export function truthy(value: unknown): boolean {
  if (value === true) return true;
  if (value === false || value === null || value === undefined) return false;
  switch (typeof value) {
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'string':
      return value.length > 0;
    case 'object':
      if (Array.isArray(value)) return value.length > 0;
      if (isDict(value)) return Object.keys(value).length > 0;
      return !isNone(value);
    default:
      return true;
  }
}

/** Structural equality: lists, dicts, structs and variants compare by content. */
export function equals(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (left === undefined || right === undefined) return (left ?? null) === (right ?? null);
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left)) {
    return Array.isArray(right) && left.length === right.length && left.every((element, index) => equals(element, right[index]));
  }
  if (left instanceof VariantValue) {
    return right instanceof VariantValue && left.enumName === right.enumName && left.variant === right.variant && equals(left.values, right.values);
  }
  if (left instanceof StructValue) {
    return right instanceof StructValue && left.typeName === right.typeName && equals(left.fields, right.fields);
  }
  if (isDict(left) && isDict(right)) {
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && equals(left[key], right[key]));
  }
  return false;
}

/** The Loom name of a value's type, for messages and type checks. */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'list';
  if (value instanceof StructValue) return value.typeName;
  if (value instanceof VariantValue) return value.enumName;
  if (value instanceof Error) return 'error';
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'function':
      return 'fn';
    default:
      return isDict(value) ? 'dict' : 'object';
  }
}

/** A short description for error messages: the type and, for small values, the value itself. */
export function describe(value: unknown): string {
  const text = repr(value);
  const SHORT_VALUE_CHARS = 40;
  return text.length <= SHORT_VALUE_CHARS ? `${typeName(value)} ${text}` : typeName(value);
}

/**
 * How a value reads in `print`, `str()` and `#{...}`: strings as they are, an error as its
 * message (as Python's `str(e)`; `"Error: #{e}"` must not say "Error: Error: ..."; the kind
 * is `e.name`, the code `e.code`), everything else as `repr`.
 */
export function display(value: unknown): string {
  if (typeof value === 'string') return value;
  return value instanceof Error ? value.message : repr(value);
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  return Object.is(value, -0) ? '0' : String(value);
}

/** How a value reads inside a list or dict: strings quoted, errors as their headline (`Error: boom`). */
export function repr(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return formatNumber(value);
    case 'boolean':
      return String(value);
    case 'function':
      return `<fn ${value.name === '' ? 'anonymous' : value.name}>`;
    default:
      break;
  }
  if (Array.isArray(value)) return `[${value.map(repr).join(', ')}]`;
  if (value instanceof VariantValue) {
    const head = `${value.enumName}::${value.variant}`;
    return value.values.length === 0 && value.fieldNames.length === 0 ? head : `${head}(${value.values.map(repr).join(', ')})`;
  }
  if (value instanceof StructValue) {
    return `${value.typeName}(${Object.entries(value.fields).map(([name, field]) => `${name}: ${repr(field)}`).join(', ')})`;
  }
  if (value instanceof LoomError || value instanceof Error) return formatErrorHeadline(value);
  if (isDict(value)) return `{${Object.entries(value).map(([key, field]) => `${JSON.stringify(key)}: ${repr(field)}`).join(', ')}}`;
  const custom = (value as { loomDisplay?: () => string }).loomDisplay;
  return typeof custom === 'function' ? custom.call(value) : String(value);
}

/** A deep copy of plain data, for `old(...)` in ensures clauses. */
export function snapshot(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snapshot);
  if (value instanceof StructValue) return new StructValue(value.typeName, snapshot(value.fields) as Record<string, unknown>);
  if (isDict(value)) return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, snapshot(field)]));
  return value;
}
