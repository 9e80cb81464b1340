/**
 * Structural patterns of `match`, `let` and `for`, as the generated code describes them. A
 * match collects the values its bindings take, in the order the pattern names them; the
 * generated code assigns them to the arm's variables. `let`/`for` destructuring that does not
 * fit is E902; a `match` no arm accepts is E901.
 */
import { LoomError } from '../../errors.js';
import { fail } from './script-error.js';
import { describe, equals, isDict, StructValue, VariantValue } from './values.js';

export type PatternDescriptor =
  | { readonly wildcard: true }
  | { readonly bind: string }
  | { readonly literal: unknown }
  | { readonly tuple: readonly PatternDescriptor[] }
  | { readonly array: readonly PatternDescriptor[]; readonly rest: boolean }
  /** `null` as an entry's pattern: the shorthand `{ name }`, binding the key's value to its name. */
  | { readonly map: readonly (readonly [string, PatternDescriptor | null])[]; readonly rest: boolean }
  | { readonly variant: string; readonly enumName: string | null; readonly fields: readonly PatternDescriptor[] | null };

function fields(value: unknown): Record<string, unknown> | undefined {
  if (value instanceof StructValue) return value.fields;
  return isDict(value) ? value : undefined;
}

/** Whether `value` fits `pattern`; the bound values are appended to `bindings`. */
export function matches(pattern: PatternDescriptor, value: unknown, bindings: unknown[]): boolean {
  if ('wildcard' in pattern) return true;
  if ('bind' in pattern) {
    bindings.push(value);
    return true;
  }
  if ('literal' in pattern) return equals(pattern.literal, value);
  if ('tuple' in pattern) {
    return Array.isArray(value) && value.length === pattern.tuple.length && pattern.tuple.every((element, index) => matches(element, value[index], bindings));
  }
  if ('array' in pattern) {
    if (!Array.isArray(value)) return false;
    const fixed = pattern.array.length;
    if (pattern.rest ? value.length < fixed : value.length !== fixed) return false;
    if (!pattern.array.every((element, index) => matches(element, value[index], bindings))) return false;
    if (pattern.rest) bindings.push(value.slice(fixed));
    return true;
  }
  if ('map' in pattern) {
    const record = fields(value);
    if (record === undefined) return false;
    for (const [key, entry] of pattern.map) {
      if (!Object.hasOwn(record, key)) return false;
      if (entry === null) bindings.push(record[key]);
      else if (!matches(entry, record[key], bindings)) return false;
    }
    if (pattern.rest) {
      const named = new Set(pattern.map.map(([key]) => key));
      bindings.push(Object.fromEntries(Object.entries(record).filter(([key]) => !named.has(key))));
    }
    return true;
  }
  if (!(value instanceof VariantValue) || value.variant !== pattern.variant) return false;
  if (pattern.enumName !== null && pattern.enumName !== value.enumName) return false;
  if (pattern.fields === null) return true;
  return pattern.fields.length === value.values.length && pattern.fields.every((field, index) => matches(field, value.values[index], bindings));
}

/** `let`/`for` destructuring: the bound values, or E902. */
export function destructure(pattern: PatternDescriptor, value: unknown): unknown[] {
  const bindings: unknown[] = [];
  if (!matches(pattern, value, bindings)) throw new LoomError('E902', `cannot destructure ${describe(value)} with this pattern`);
  return bindings;
}

export function noMatchingArm(value: unknown): never {
  throw new LoomError('E901', `no match branch accepts ${describe(value)}`);
}

/**
 * What `for x in value` visits: list elements, string characters, dict keys — or, for a
 * tuple pattern over a dict (`for (key, value) in d`), its entries.
 */
export function iterationItems(value: unknown, entries: boolean): readonly unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [...value];
  const record = fields(value);
  if (record !== undefined) return entries ? Object.entries(record) : Object.keys(record);
  return fail(`cannot iterate over ${describe(value)}`);
}
