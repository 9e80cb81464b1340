/** Type annotations become descriptors the runtime checker reads (core/types.ts of the runtime). */
import type { TypeExpression } from '../syntax/ast.js';
import type { TypeDescriptor } from '../language/type-descriptor.js';

export function typeDescriptor(type: TypeExpression): TypeDescriptor {
  switch (type.kind) {
    case 'NamedType':
      return type.arguments.length === 0 ? { name: type.name.name } : { name: type.name.name, args: type.arguments.map(typeDescriptor) };
    case 'UnionType':
      return { union: type.members.map(typeDescriptor) };
    case 'OptionalType':
      return { optional: typeDescriptor(type.inner) };
    case 'StringType':
      return { text: type.text };
    case 'Error':
      return { name: 'any' };
  }
}

/** The descriptor as a JavaScript expression. */
export function typeDescriptorCode(type: TypeExpression): string {
  return JSON.stringify(typeDescriptor(type));
}
