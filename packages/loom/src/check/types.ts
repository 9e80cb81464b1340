/**
 * The compile-time picture of a type: what annotations (`x: int`, `-> list[str]`) and protocol
 * field types (`score: "int"`) mean, and which literal values they certainly reject.
 * Anything the checker cannot be sure about is `unknown`, which accepts every value: the
 * runtime type modes (strict/warn/forgiving) judge those.
 */
import type { BuiltinType, PrimitiveName } from '../language/builtin-types.js';

export type { PrimitiveName } from '../language/builtin-types.js';

export type LoomType =
  | { readonly kind: 'primitive'; readonly name: PrimitiveName }
  | { readonly kind: 'any' }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'list'; readonly element: LoomType }
  | { readonly kind: 'dict'; readonly key: LoomType; readonly value: LoomType }
  | { readonly kind: 'option'; readonly inner: LoomType }
  | { readonly kind: 'result'; readonly ok: LoomType; readonly error: LoomType }
  | { readonly kind: 'union'; readonly members: readonly LoomType[] }
  /** A protocol, struct, enum or trait declared in the program. */
  | { readonly kind: 'declared'; readonly name: string };

export const ANY_TYPE: LoomType = { kind: 'any' };
export const UNKNOWN_TYPE: LoomType = { kind: 'unknown' };

/** Applies a built-in constructor to already resolved arguments (their count was checked). */
export function applyConstructor(constructor: BuiltinType, args: readonly LoomType[]): LoomType {
  switch (constructor.kind) {
    case 'primitive':
      return { kind: 'primitive', name: constructor.name };
    case 'any':
      return ANY_TYPE;
    case 'list':
      return { kind: 'list', element: args[0] ?? ANY_TYPE };
    case 'dict':
      return { kind: 'dict', key: args[0] ?? ANY_TYPE, value: args[1] ?? ANY_TYPE };
    case 'option':
      return { kind: 'option', inner: args[0] ?? ANY_TYPE };
    case 'result':
      return { kind: 'result', ok: args[0] ?? ANY_TYPE, error: args[1] ?? ANY_TYPE };
  }
}

/** The type as a user writes it, for messages: `list[str]`, `int | str`, `Option[float]`. */
export function describeType(type: LoomType): string {
  switch (type.kind) {
    case 'primitive':
      return type.name;
    case 'any':
      return 'any';
    case 'unknown':
      return 'unknown';
    case 'list':
      return `list[${describeType(type.element)}]`;
    case 'dict':
      return `dict[${describeType(type.key)}, ${describeType(type.value)}]`;
    case 'option':
      return `Option[${describeType(type.inner)}]`;
    case 'result':
      return `Result[${describeType(type.ok)}, ${describeType(type.error)}]`;
    case 'union':
      return type.members.map(describeType).join(' | ');
    case 'declared':
      return type.name;
  }
}
