/**
 * Names written where the grammar reads a type or a value but the harness forms mean a name:
 * the error types of `catch_correction(e: ToolError | ModelError)`, a strategy
 * (`strategy: sliding_window`), and the `name: value` settings of a block or dict
 * (`context_policy: { max_tokens: 8000 }`). The checker validates them and the code generator
 * hands them to the runtime, both through these readings.
 */
import type { DictLiteral, Expression, Identifier, PropertyBlock, TypeExpression } from './ast.js';

/** The members of a union, flattened (`A | B | C`); any other type is its own one member. */
export function unionMembers(type: TypeExpression): TypeExpression[] {
  return type.kind === 'UnionType' ? type.members.flatMap(unionMembers) : [type];
}

/** A member written as a plain name (`ToolError` or `"ToolError"`), else null. */
export function plainTypeName(type: TypeExpression): string | null {
  if (type.kind === 'NamedType') return type.arguments.length === 0 ? type.name.name : null;
  return type.kind === 'StringType' ? type.text : null;
}

/** A value written as a name, bare or quoted (`sliding_window`, `"sliding_window"`), else null. */
export function writtenName(value: Expression): string | null {
  if (value.kind === 'Identifier') return value.name;
  if (value.kind === 'StringLiteral') return value.value;
  return null;
}

/** One `name: value` setting as written; `name` is null when it is written without one. */
export interface WrittenOption {
  readonly name: Identifier | null;
  readonly value: Expression | PropertyBlock;
}

/** The settings of `{ name: value, ... }`, written as a block or a dict; a dict key must be a name. */
export function writtenOptions(value: PropertyBlock | DictLiteral): WrittenOption[] {
  if (value.kind === 'PropertyBlock') return value.properties.map((property) => ({ name: property.name, value: property.value }));
  return value.entries.map((entry) => {
    const key = entry.key;
    const name: Identifier | null = key.kind === 'Identifier' ? key : key.kind === 'StringLiteral' ? { kind: 'Identifier', name: key.value, span: key.span } : null;
    return { name, value: entry.value };
  });
}
