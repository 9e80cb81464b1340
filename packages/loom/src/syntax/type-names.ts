/**
 * Reading a type written as a list of names (`ToolError | ModelError`), as the error types of
 * `catch_correction(e: T)` and `on_error(e: T)` are: the checker validates them, the code
 * generator hands them to the runtime, both through this one reading.
 */
import type { TypeExpression } from './ast.js';

/** The members of a union, flattened (`A | B | C`); any other type is its own one member. */
export function unionMembers(type: TypeExpression): TypeExpression[] {
  return type.kind === 'UnionType' ? type.members.flatMap(unionMembers) : [type];
}

/** A member written as a plain name (`ToolError` or `"ToolError"`), else null. */
export function plainTypeName(type: TypeExpression): string | null {
  if (type.kind === 'NamedType') return type.arguments.length === 0 ? type.name.name : null;
  return type.kind === 'StringType' ? type.text : null;
}
