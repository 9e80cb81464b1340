/**
 * Types written as strings, as protocol fields and tool parameters are (`"int"`,
 * `"list[string]"`, `"Option[str]"`, `Int`): which texts name a type, and what type they name.
 * Shared ground: the code generator asks whether a tool parameter names a type, the runtime
 * builds schemas and checks values from the parsed type (runtime/core/field-checks.ts). An unknown
 * name reads as `any`, since the checker has already reported real mistakes.
 */
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

/** Whether `text` names a type at all (tool parameters may hold a description instead). */
export function isFieldTypeName(text: string): boolean {
  const name = text.trim().toLowerCase().replace(/[[<?].*$/, '');
  return Object.hasOwn(SCALAR_NAMES, name) || ['list', 'array', 'option', 'optional'].includes(name);
}
