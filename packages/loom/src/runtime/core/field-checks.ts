/**
 * What a type written as a string (language/field-types.ts) asks of values at run time: its
 * JSON schema, for providers and tool declarations, and a check of a decoded value, whose
 * problem text names the path (`'tags[2]' must be a string, got an integer`). An unknown name
 * accepts any value.
 */
import type { FieldType } from '../../language/field-types.js';
import type { JsonSchema } from '../providers/types.js';

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
