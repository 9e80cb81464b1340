/**
 * A type as the generated code writes it and the runtime's type checks read it: the contract
 * between emit/type-descriptors.ts and the runtime (core/type-checks.ts), kept here so that
 * neither imports the other. The checker has already read every type, those written inside
 * strings (`score: "int | float"`) too, so a descriptor is a tree, never text to parse again.
 * A name is a built-in type by any of its spellings (language/builtin-types.ts) or a type the
 * program declares. A record is an object with exactly these fields: the shape an agent's reply
 * takes where its protocol nests another protocol or an inline `{ ... }` (emit/output-types.ts).
 */
export type TypeDescriptor =
  | { readonly name: string; readonly args?: readonly TypeDescriptor[] }
  | { readonly union: readonly TypeDescriptor[] }
  | { readonly optional: TypeDescriptor }
  | { readonly record: Readonly<Record<string, TypeDescriptor>> };

/** `{"title": str, "done": bool}`, the fields as a protocol's reply instruction lists them. */
export function recordText(fields: Readonly<Record<string, TypeDescriptor>>): string {
  return `{${Object.entries(fields).map(([field, type]) => `"${field}": ${typeText(type)}`).join(', ')}}`;
}

/** The type as a user writes it, for messages: `list[str]`, `int | float`, `str?`. */
export function typeText(type: TypeDescriptor): string {
  if ('union' in type) return type.union.map(typeText).join(' | ');
  if ('optional' in type) return `${typeText(type.optional)}?`;
  if ('record' in type) return recordText(type.record);
  return type.args === undefined || type.args.length === 0 ? type.name : `${type.name}[${type.args.map(typeText).join(', ')}]`;
}
