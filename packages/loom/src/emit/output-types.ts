/**
 * The types of an agent's reply as the runtime holds the model to them (runtime/agents/protocol.ts).
 * The model is not the program: it knows no protocol by name, and a reply is checked before any
 * value of the program exists. So a field typed by another protocol (`address: Address`,
 * `"list[Item]"`) is written out as a record of that protocol's fields, at every depth, and an
 * inline `output_schema`'s nested `{ ... }` and `[ ... ]` become records and lists. A protocol
 * that contains itself is written out once; inside that, its name stands for any object.
 */
import type { InlineSchemaField, InlineSchemaType } from '../check/analysis.js';
import type { TypeDescriptor } from '../language/type-descriptor.js';
import type { ProtocolDeclaration, TypeExpression } from '../syntax/ast.js';

type Fields = Readonly<Record<string, TypeDescriptor>>;

/** Reads a written type into its descriptor (EmitContext.typeDescriptor). */
export type DescribeType = (type: TypeExpression) => TypeDescriptor;

/** The fields of a declared protocol the reply follows, nested protocols written out. */
export function protocolOutputFields(protocol: ProtocolDeclaration, protocols: ReadonlyMap<string, ProtocolDeclaration>, describe: DescribeType): Fields {
  return expandedFields(protocol, protocols, describe, new Set());
}

/** The fields of an inline `output_schema`, nested records and lists included. */
export function inlineOutputFields(fields: readonly InlineSchemaField[], protocols: ReadonlyMap<string, ProtocolDeclaration>, describe: DescribeType): Fields {
  const typeOf = (type: InlineSchemaType): TypeDescriptor => {
    switch (type.kind) {
      case 'type':
        return expand(describe(type.type), protocols, describe, new Set());
      case 'record':
        return { record: fieldsOf(type.fields) };
      case 'list':
        return { name: 'list', args: [typeOf(type.element)] };
    }
  };
  const fieldsOf = (written: readonly InlineSchemaField[]): Fields => Object.fromEntries(written.map((field) => [field.name, typeOf(field.type)]));
  return fieldsOf(fields);
}

function expandedFields(protocol: ProtocolDeclaration, protocols: ReadonlyMap<string, ProtocolDeclaration>, describe: DescribeType, expanding: ReadonlySet<string>): Fields {
  const inside = new Set([...expanding, protocol.name.name]);
  return Object.fromEntries(protocol.fields.map((field) => [field.name.name, expand(describe(field.type), protocols, describe, inside)]));
}

function expand(type: TypeDescriptor, protocols: ReadonlyMap<string, ProtocolDeclaration>, describe: DescribeType, expanding: ReadonlySet<string>): TypeDescriptor {
  const again = (inner: TypeDescriptor): TypeDescriptor => expand(inner, protocols, describe, expanding);
  if ('optional' in type) return { optional: again(type.optional) };
  if ('union' in type) return { union: type.union.map(again) };
  if ('record' in type) return { record: Object.fromEntries(Object.entries(type.record).map(([field, inner]) => [field, again(inner)])) };
  const protocol = protocols.get(type.name);
  if (protocol !== undefined && !expanding.has(type.name) && type.args === undefined) {
    return { record: expandedFields(protocol, protocols, describe, expanding) };
  }
  return type.args === undefined ? type : { name: type.name, args: type.args.map(again) };
}
