/**
 * Structs, enums, traits and impls at run time (EA01/EA02/EA03). A program's declarations are
 * registered in one TypeRegistry when its module starts; values carry their type by name
 * (values.ts), and method calls look the name up here.
 */
import { LoomError } from '../../errors.js';
import type { TypeDescriptor } from '../../language/type-descriptor.js';
import { describe, StructValue, typeName, VariantValue } from './values.js';

/** A method of an impl: `self` first, then the declared parameters. */
export type Method = (self: unknown, ...args: unknown[]) => Promise<unknown>;

export interface StructField {
  readonly name: string;
  readonly type: TypeDescriptor | null;
}

export class StructType {
  constructor(
    readonly name: string,
    readonly fields: readonly StructField[],
  ) {}
}

/** Variant name → payload names, `null` for a unit variant. */
export type VariantShapes = ReadonlyMap<string, readonly string[] | null>;

const BUILTIN_ENUMS: ReadonlyArray<readonly [string, VariantShapes]> = [
  ['Option', new Map([['Some', ['value']], ['None', null]])],
  ['Result', new Map([['Ok', ['value']], ['Err', ['error']]])],
];

export class TypeRegistry {
  private readonly structs = new Map<string, StructType>();
  private readonly enums = new Map<string, VariantShapes>(BUILTIN_ENUMS);
  private readonly traits = new Map<string, readonly string[]>();
  /** Type name → method name → method, from every impl. */
  private readonly methods = new Map<string, Map<string, Method>>();

  declareStruct(name: string, fields: readonly StructField[]): StructType {
    const type = new StructType(name, fields);
    this.structs.set(name, type);
    return type;
  }

  declareEnum(name: string, variants: VariantShapes): void {
    this.enums.set(name, variants);
  }

  declareTrait(name: string, methodNames: readonly string[]): void {
    this.traits.set(name, methodNames);
  }

  /** `impl Trait for Type { ... }`: every method the trait declares must be provided. */
  declareImpl(trait: string, target: string, methods: ReadonlyMap<string, Method>): void {
    const required = this.traits.get(trait);
    if (required === undefined) throw new LoomError('EA03', `impl of undeclared trait '${trait}' for '${target}'`);
    const missing = required.filter((method) => !methods.has(method));
    if (missing.length > 0) {
      throw new LoomError('EA03', `impl ${trait} for ${target} is missing ${missing.map((name) => `'${name}'`).join(', ')}`);
    }
    const table = this.methods.get(target) ?? new Map<string, Method>();
    for (const [name, method] of methods) table.set(name, method);
    this.methods.set(target, table);
  }

  struct(name: string): StructType | undefined {
    return this.structs.get(name);
  }

  isEnum(name: string): boolean {
    return this.enums.has(name);
  }

  /** `Point(x: 1, y: 2)` or `Point(1, 2)`: every declared field exactly once. */
  construct(type: StructType, positional: readonly unknown[], named: Readonly<Record<string, unknown>>): StructValue {
    if (positional.length > type.fields.length) {
      throw new LoomError('EA01', `struct ${type.name} has ${type.fields.length} field${type.fields.length === 1 ? '' : 's'}, got ${positional.length} values`);
    }
    const known = new Set(type.fields.map((field) => field.name));
    for (const name of Object.keys(named)) {
      if (!known.has(name)) throw new LoomError('EA01', `struct ${type.name} has no field '${name}'`);
    }
    const fields: Record<string, unknown> = {};
    type.fields.forEach((field, index) => {
      if (index < positional.length) fields[field.name] = positional[index];
      else if (Object.hasOwn(named, field.name)) fields[field.name] = named[field.name];
      else throw new LoomError('EA01', `struct ${type.name} needs field '${field.name}'`);
    });
    return new StructValue(type.name, fields);
  }

  /** `Enum::Variant` or `Enum::Variant(values)`. */
  variant(enumName: string, variant: string, values: readonly unknown[]): VariantValue {
    const variants = this.enums.get(enumName);
    if (variants === undefined) throw new LoomError('EA02', `enum '${enumName}' is not declared`);
    const shape = variants.get(variant);
    if (shape === undefined) {
      throw new LoomError('EA02', `enum ${enumName} has no variant '${variant}'; it has ${[...variants.keys()].join(', ')}`);
    }
    const expected = shape?.length ?? 0;
    if (values.length !== expected) {
      throw new LoomError('EA02', `${enumName}::${variant} takes ${expected} value${expected === 1 ? '' : 's'}, got ${values.length}`);
    }
    return new VariantValue(enumName, variant, values, shape ?? []);
  }

  /** The impl method `name` of the value's type; EA03 when a trait declares it but no impl provides it. */
  method(receiver: unknown, name: string): Method | undefined {
    const type = typeName(receiver);
    const method = this.methods.get(type)?.get(name);
    if (method !== undefined) return method;
    for (const [trait, methodNames] of this.traits) {
      if (methodNames.includes(name)) {
        throw new LoomError('EA03', `${describe(receiver)} has no impl of trait '${trait}' providing '${name}'`);
      }
    }
    return undefined;
  }
}
