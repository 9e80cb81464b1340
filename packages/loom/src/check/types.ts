/**
 * The compile-time picture of a type: what annotations (`x: int`, `-> list[str]`) and protocol
 * field types (`score: "int"`) mean, and which literal values they certainly reject.
 * Anything the checker cannot be sure about is `unknown`, which accepts every value: the
 * runtime type modes (strict/warn/forgiving) judge those.
 */
export type PrimitiveName = 'str' | 'int' | 'float' | 'bool' | 'unit';

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

/** The built-in type constructors, by every spelling the Nexa docs and examples use. */
type BuiltinTypeConstructor =
  | { readonly kind: 'primitive'; readonly name: PrimitiveName }
  | { readonly kind: 'any' | 'list' | 'dict' | 'option' | 'result' };

const PRIMITIVE_SPELLINGS: Readonly<Record<PrimitiveName, readonly string[]>> = {
  str: ['str', 'string', 'String', 'Str', 'text'],
  int: ['int', 'Int', 'integer', 'Integer'],
  float: ['float', 'Float', 'number', 'Number', 'double'],
  bool: ['bool', 'Bool', 'boolean', 'Boolean'],
  unit: ['unit', 'Unit', 'void'],
};

const CONSTRUCTOR_SPELLINGS: Readonly<Record<'any' | 'list' | 'dict' | 'option' | 'result', readonly string[]>> = {
  any: ['any', 'Any', 'object', 'json'],
  list: ['list', 'List', 'array'],
  dict: ['dict', 'Dict', 'map'],
  option: ['Option'],
  result: ['Result'],
};

const BUILTIN_TYPES: ReadonlyMap<string, BuiltinTypeConstructor> = new Map<string, BuiltinTypeConstructor>([
  ...Object.entries(PRIMITIVE_SPELLINGS).flatMap(([name, spellings]) =>
    spellings.map((s): [string, BuiltinTypeConstructor] => [s, { kind: 'primitive', name: name as PrimitiveName }]),
  ),
  ...Object.entries(CONSTRUCTOR_SPELLINGS).flatMap(([kind, spellings]) =>
    spellings.map((s): [string, BuiltinTypeConstructor] => [s, { kind: kind as 'any' | 'list' | 'dict' | 'option' | 'result' }]),
  ),
]);

export function builtinTypeConstructor(name: string): BuiltinTypeConstructor | undefined {
  return BUILTIN_TYPES.get(name);
}

/** Every spelling of a built-in type, for suggestions. */
export function builtinTypeNames(): Iterable<string> {
  return BUILTIN_TYPES.keys();
}

/** How many type arguments each constructor takes; list and dict may also be written bare. */
export function acceptedArgumentCounts(constructor: BuiltinTypeConstructor): readonly number[] {
  switch (constructor.kind) {
    case 'primitive':
    case 'any':
      return [0];
    case 'list':
      return [0, 1];
    case 'dict':
      return [0, 2];
    case 'option':
      return [1];
    case 'result':
      return [2];
  }
}

/** Applies a built-in constructor to already resolved arguments (their count was checked). */
export function applyConstructor(constructor: BuiltinTypeConstructor, args: readonly LoomType[]): LoomType {
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
