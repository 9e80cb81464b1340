/**
 * Types written as strings, as protocol fields and tool parameters are (`"int"`,
 * `"list[string]"`, `"Option[str]"`, `Int`): their JSON schema and a check of a decoded value.
 * An unknown name accepts any value, since the checker has already reported real mistakes.
 */
import type { JsonSchema } from './providers/types.js';

export type FieldType =
  | { readonly kind: 'string' | 'integer' | 'number' | 'boolean' | 'any' }
  | { readonly kind: 'list'; readonly element: FieldType }
  | { readonly kind: 'dict' }
  | { readonly kind: 'optional'; readonly inner: FieldType };

const SCALAR_NAMES: Readonly<Record<string, FieldType>> = {
  string: { kind: 'string' }, str: { kind: 'string' }, text: { kind: 'string' },
  int: { kind: 'integer' }, integer: { kind: 'integer' },
  float: { kind: 'number' }, number: { kind: 'number' }, double: { kind: 'number' },
  bool: { kind: 'boolean' }, boolean: { kind: 'boolean' },
  any: { kind: 'any' },
  dict: { kind: 'dict' }, object: { kind: 'dict' }, map: { kind: 'dict' },
};

const ANY_ELEMENT: FieldType = { kind: 'any' };

/** Reads `list[string]`, `Option[Int]`, `int?`. */
export function parseFieldType(text: string): FieldType {
  const source = text.trim();
  if (source.endsWith('?')) return { kind: 'optional', inner: parseFieldType(source.slice(0, -1)) };
  const generic = /^(\w+)\s*[[<]\s*(.+?)\s*[\]>]$/.exec(source);
  if (generic) {
    const [, head, argument] = generic;
    const name = head.toLowerCase();
    if (name === 'option' || name === 'optional') return { kind: 'optional', inner: parseFieldType(argument) };
    if (name === 'list' || name === 'array') return { kind: 'list', element: parseFieldType(argument) };
    if (name === 'dict' || name === 'map') return { kind: 'dict' };
  }
  const name = source.toLowerCase();
  if (name === 'list' || name === 'array') return { kind: 'list', element: ANY_ELEMENT };
  return SCALAR_NAMES[name] ?? ANY_ELEMENT;
}

export function fieldTypeSchema(type: FieldType): JsonSchema {
  switch (type.kind) {
    case 'any':
      return {};
    case 'list':
      return { type: 'array', items: fieldTypeSchema(type.element) };
    case 'dict':
      return { type: 'object' };
    case 'optional':
      return { anyOf: [fieldTypeSchema(type.inner), { type: 'null' }] };
    default:
      return { type: type.kind };
  }
}


/** Whether `text` names a type at all (tool parameters may hold a description instead). */
export function isFieldTypeName(text: string): boolean {
  const name = text.trim().toLowerCase().replace(/[[<?].*$/, '');
  return Object.hasOwn(SCALAR_NAMES, name) || ['list', 'array', 'option', 'optional'].includes(name);
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (Number.isInteger(value)) return 'an integer';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function fieldTypeProblem(path: string, type: FieldType, value: unknown): string | null {
  switch (type.kind) {
    case 'any':
      return null;
    case 'optional':
      return value === null || value === undefined ? null : fieldTypeProblem(path, type.inner, value);
    case 'string':
    case 'number':
    case 'boolean':
      return typeof value === type.kind ? null : `'${path}' must be a ${type.kind}, got ${describeValue(value)}`;
    case 'integer':
      return Number.isInteger(value) ? null : `'${path}' must be an integer, got ${describeValue(value)}`;
    case 'dict':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? null : `'${path}' must be an object, got ${describeValue(value)}`;
    case 'list': {
      if (!Array.isArray(value)) return `'${path}' must be a list, got ${describeValue(value)}`;
      for (const [index, element] of value.entries()) {
        const problem = fieldTypeProblem(`${path}[${index}]`, type.element, element);
        if (problem !== null) return problem;
      }
      return null;
    }
  }
}

