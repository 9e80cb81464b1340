/** Types become descriptors the runtime's type checks read (language/type-descriptor.ts). */
import type { StringType, TypeExpression } from '../syntax/ast.js';
import type { TypeDescriptor } from '../language/type-descriptor.js';

/** The tree the checker read a type string into. */
export type ReadTypeString = (node: StringType) => TypeExpression;

export function typeDescriptor(type: TypeExpression, readString: ReadTypeString): TypeDescriptor {
  switch (type.kind) {
    case 'NamedType':
      return type.arguments.length === 0
        ? { name: type.name.name }
        : { name: type.name.name, args: type.arguments.map((argument) => typeDescriptor(argument, readString)) };
    case 'UnionType':
      return { union: type.members.map((member) => typeDescriptor(member, readString)) };
    case 'OptionalType':
      return { optional: typeDescriptor(type.inner, readString) };
    case 'StringType':
      return typeDescriptor(readString(type), readString);
    case 'Error':
      return { name: 'any' };
  }
}
