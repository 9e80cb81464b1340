/**
 * The built-in types and every spelling of them the Nexa docs and examples use (`str`,
 * `String`, `list[T]`, `Option[T]` ...). One table for every stage: the checker resolves
 * annotations and protocol field types with it, the runtime checks values and writes JSON
 * schemas with it, so a name means the same type at compile time and at run time.
 */
export type PrimitiveName = 'str' | 'int' | 'float' | 'bool' | 'unit';
export type ConstructorKind = 'any' | 'list' | 'dict' | 'option' | 'result';

export type BuiltinType =
  | { readonly kind: 'primitive'; readonly name: PrimitiveName }
  | { readonly kind: ConstructorKind };

const PRIMITIVE_SPELLINGS = {
  str: ['str', 'string', 'String', 'Str', 'text'],
  int: ['int', 'Int', 'integer', 'Integer'],
  float: ['float', 'Float', 'number', 'Number', 'double'],
  bool: ['bool', 'Bool', 'boolean', 'Boolean'],
  unit: ['unit', 'Unit', 'void'],
} as const satisfies Readonly<Record<PrimitiveName, readonly string[]>>;

const CONSTRUCTOR_SPELLINGS = {
  any: ['any', 'Any', 'object', 'json'],
  list: ['list', 'List', 'array'],
  dict: ['dict', 'Dict', 'map'],
  option: ['Option'],
  result: ['Result'],
} as const satisfies Readonly<Record<ConstructorKind, readonly string[]>>;

/** A name that denotes a built-in type, as the runtime's own declarations (std tool parameters) write one. */
export type BuiltinTypeName =
  | (typeof PRIMITIVE_SPELLINGS)[PrimitiveName][number]
  | (typeof CONSTRUCTOR_SPELLINGS)[ConstructorKind][number];

const BUILTIN_TYPES: ReadonlyMap<string, BuiltinType> = new Map<string, BuiltinType>([
  ...(Object.keys(PRIMITIVE_SPELLINGS) as PrimitiveName[]).flatMap((name) =>
    PRIMITIVE_SPELLINGS[name].map((spelling): [string, BuiltinType] => [spelling, { kind: 'primitive', name }]),
  ),
  ...(Object.keys(CONSTRUCTOR_SPELLINGS) as ConstructorKind[]).flatMap((kind) =>
    CONSTRUCTOR_SPELLINGS[kind].map((spelling): [string, BuiltinType] => [spelling, { kind }]),
  ),
]);

/** The built-in type `name` spells, if it spells one. */
export function builtinType(name: string): BuiltinType | undefined {
  return BUILTIN_TYPES.get(name);
}

/** Every spelling of a built-in type, for suggestions. */
export function builtinTypeNames(): Iterable<string> {
  return BUILTIN_TYPES.keys();
}

/**
 * How many type arguments each constructor takes. Every constructor may also be written bare
 * (`list`, `Result`), meaning any element, as the Nexa reference writes return types.
 */
export function acceptedArgumentCounts(type: BuiltinType): readonly number[] {
  switch (type.kind) {
    case 'primitive':
    case 'any':
      return [0];
    case 'list':
      return [0, 1];
    case 'dict':
      return [0, 2];
    case 'option':
      return [0, 1];
    case 'result':
      return [0, 2];
  }
}
