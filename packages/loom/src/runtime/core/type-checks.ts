/**
 * What a type descriptor (language/type-descriptor.ts) asks of a value at run time: a check
 * whose problem text names the path (`'tags[2]' must be a string, got an integer`), and the
 * JSON schema providers and tool declarations are given. Built-in names mean what the checker
 * took them to mean (language/builtin-types.ts); a name the program declares is judged by
 * `DeclaredTypes`, and a name nobody declares accepts any value.
 */
import type { JsonSchema } from '../providers/types.js';
import { builtinType } from '../../language/builtin-types.js';
import type { BuiltinType, PrimitiveName } from '../../language/builtin-types.js';
import { typeText } from '../../language/type-descriptor.js';
import type { TypeDescriptor } from '../../language/type-descriptor.js';
import { isDict, isNone, VariantValue } from './values.js';

/** The types a program declares (aliases, structs, enums, protocols), as the checks see them. */
export interface DeclaredTypes {
  /** What an alias stands for. */
  alias(name: string): TypeDescriptor | undefined;
  /** Whether `value` is of the declared type `name`; undefined when no such type is declared. */
  accepts(name: string, value: unknown): boolean | undefined;
}

/** Types checked without a program (a model's reply to a protocol, a tool's arguments). */
export const NO_DECLARED_TYPES: DeclaredTypes = { alias: () => undefined, accepts: () => undefined };

const PRIMITIVE_TESTS: Readonly<Record<PrimitiveName, { readonly test: (value: unknown) => boolean; readonly phrase: string; readonly schema: JsonSchema }>> = {
  str: { test: (value) => typeof value === 'string', phrase: 'a string', schema: { type: 'string' } },
  int: { test: (value) => Number.isInteger(value), phrase: 'an integer', schema: { type: 'integer' } },
  float: { test: (value) => typeof value === 'number', phrase: 'a number', schema: { type: 'number' } },
  bool: { test: (value) => typeof value === 'boolean', phrase: 'a boolean', schema: { type: 'boolean' } },
  unit: { test: isAbsentValue, phrase: 'null', schema: { type: 'null' } },
};

function isAbsentValue(value: unknown): boolean {
  return value === null || value === undefined;
}

/** The value a model or a program leaves out of an optional place: null, or `Option::None`. */
function isEmpty(value: unknown): boolean {
  return isAbsentValue(value) || isNone(value);
}

/** A value's kind as the problem texts name it. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (Number.isInteger(value)) return 'an integer';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Why `value` at `path` is not of `type`, or null when it is. */
export function typeProblem(path: string, type: TypeDescriptor, value: unknown, declared: DeclaredTypes = NO_DECLARED_TYPES): string | null {
  if ('optional' in type) return isEmpty(value) ? null : typeProblem(path, type.optional, value, declared);
  if ('record' in type) return isDict(value) ? recordProblems(path, type.record, value, declared)[0] ?? null : `'${path}' must be an object, got ${describeValue(value)}`;
  if ('union' in type) {
    return type.union.some((member) => typeProblem(path, member, value, declared) === null)
      ? null
      : `'${path}' must be ${typeText(type)}, got ${describeValue(value)}`;
  }
  const builtin = builtinType(type.name);
  if (builtin !== undefined) return builtinProblem(path, builtin, type.args ?? [], value, declared);
  const alias = declared.alias(type.name);
  if (alias !== undefined) return typeProblem(path, alias, value, declared);
  return declared.accepts(type.name, value) === false ? `'${path}' must be a ${type.name}, got ${describeValue(value)}` : null;
}

/**
 * What is wrong with each field of a record (`path` empty for the reply itself): a missing field
 * the type does not let be absent, or a field of the wrong type, each named by its path
 * (`'address.city'`, `'steps[1].title'`).
 */
export function recordProblems(path: string, fields: Readonly<Record<string, TypeDescriptor>>, value: Readonly<Record<string, unknown>>, declared: DeclaredTypes = NO_DECLARED_TYPES): string[] {
  return Object.entries(fields).flatMap(([field, type]) => {
    const at = path === '' ? field : `${path}.${field}`;
    if (!Object.hasOwn(value, field) && !acceptsAbsence(type)) return [`field '${at}' is missing`];
    return typeProblem(at, type, value[field], declared) ?? [];
  });
}

function builtinProblem(path: string, type: BuiltinType, args: readonly TypeDescriptor[], value: unknown, declared: DeclaredTypes): string | null {
  const [first, second] = args;
  switch (type.kind) {
    case 'primitive': {
      const primitive = PRIMITIVE_TESTS[type.name];
      return primitive.test(value) ? null : `'${path}' must be ${primitive.phrase}, got ${describeValue(value)}`;
    }
    case 'any':
      return null;
    case 'list': {
      if (!Array.isArray(value)) return `'${path}' must be a list, got ${describeValue(value)}`;
      if (first === undefined) return null;
      for (const [index, element] of value.entries()) {
        const problem = typeProblem(`${path}[${index}]`, first, element, declared);
        if (problem !== null) return problem;
      }
      return null;
    }
    case 'dict': {
      if (!isDict(value)) return `'${path}' must be an object, got ${describeValue(value)}`;
      if (second === undefined) return null;
      for (const [key, element] of Object.entries(value)) {
        const problem = typeProblem(`${path}.${key}`, second, element, declared);
        if (problem !== null) return problem;
      }
      return null;
    }
    case 'option':
      if (isEmpty(value)) return null;
      if (value instanceof VariantValue && value.enumName === 'Option') {
        return first === undefined ? null : typeProblem(path, first, value.values[0], declared);
      }
      return first === undefined ? null : typeProblem(path, first, value, declared);
    case 'result':
      return value instanceof VariantValue && value.enumName === 'Result' ? null : `'${path}' must be a Result, got ${describeValue(value)}`;
  }
}

/** Whether a place of this type may be left out (a protocol field a reply omits). */
export function acceptsAbsence(type: TypeDescriptor): boolean {
  if ('optional' in type) return true;
  if ('record' in type) return false;
  if ('union' in type) return type.union.some(acceptsAbsence);
  return builtinType(type.name)?.kind === 'option';
}

/** An object with exactly these fields, every one present (an optional one may be null), as structured output wants. */
export function recordSchema(fields: Readonly<Record<string, TypeDescriptor>>): JsonSchema {
  const properties = Object.fromEntries(Object.entries(fields).map(([field, type]) => [field, typeSchema(type)]));
  return { type: 'object', properties, required: Object.keys(fields), additionalProperties: false };
}

/** The JSON schema of `type`; declared types are described no further than `{}`. */
export function typeSchema(type: TypeDescriptor): JsonSchema {
  if ('optional' in type) return { anyOf: [typeSchema(type.optional), { type: 'null' }] };
  if ('record' in type) return recordSchema(type.record);
  if ('union' in type) return { anyOf: type.union.map(typeSchema) };
  const builtin = builtinType(type.name);
  if (builtin === undefined) return {};
  const [first, second] = type.args ?? [];
  switch (builtin.kind) {
    case 'primitive':
      return PRIMITIVE_TESTS[builtin.name].schema;
    case 'any':
    case 'result':
      return {};
    case 'list':
      return { type: 'array', items: first === undefined ? {} : typeSchema(first) };
    case 'dict':
      return second === undefined ? { type: 'object' } : { type: 'object', additionalProperties: typeSchema(second) };
    case 'option':
      return { anyOf: [first === undefined ? {} : typeSchema(first), { type: 'null' }] };
  }
}
