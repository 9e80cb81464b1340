/**
 * Run-time checks of type annotations on flow parameters and results, `let x: T` and struct
 * fields, under LOOM_TYPE_MODE: `strict` stops with E301 TypeViolation, `warn` (the default)
 * reports E302 TypeWarning on stderr and goes on, `forgiving` checks nothing. A name the
 * checker could not resolve to a type accepts any value.
 */
import { LoomError } from '../../errors.js';
import { parseFieldType } from '../../language/field-types.js';
import type { TypeDescriptor } from '../../language/type-descriptor.js';
import { fieldTypeProblem } from './field-checks.js';
import type { TypeRegistry } from './adt.js';
import { describe, isDict, isNone, StructValue, VariantValue } from './values.js';
import { reportAtCaller } from './report-site.js';

export type TypeMode = 'strict' | 'warn' | 'forgiving';

export const TYPE_MODE_VARIABLE = 'LOOM_TYPE_MODE';
const TYPE_MODES: readonly TypeMode[] = ['strict', 'warn', 'forgiving'];
const DEFAULT_TYPE_MODE: TypeMode = 'warn';

export function typeModeFrom(env: NodeJS.ProcessEnv): TypeMode {
  const value = env[TYPE_MODE_VARIABLE]?.trim().toLowerCase();
  return TYPE_MODES.find((mode) => mode === value) ?? DEFAULT_TYPE_MODE;
}

export function typeText(type: TypeDescriptor): string {
  if ('union' in type) return type.union.map(typeText).join(' | ');
  if ('optional' in type) return `${typeText(type.optional)}?`;
  if ('text' in type) return type.text;
  return type.args === undefined || type.args.length === 0 ? type.name : `${type.name}[${type.args.map(typeText).join(', ')}]`;
}

type ScalarTest = (value: unknown) => boolean;

const isString: ScalarTest = (value) => typeof value === 'string';
const isInteger: ScalarTest = (value) => Number.isInteger(value);
const isNumber: ScalarTest = (value) => typeof value === 'number';
const isBoolean: ScalarTest = (value) => typeof value === 'boolean';
const isUnit: ScalarTest = (value) => value === null || value === undefined;
const anything: ScalarTest = () => true;

/** Scalar names in the spellings the Nexa docs use, keyed in lower case. */
const SCALARS: Readonly<Record<string, ScalarTest>> = {
  str: isString, string: isString, text: isString,
  int: isInteger, integer: isInteger,
  float: isNumber, number: isNumber, double: isNumber,
  bool: isBoolean, boolean: isBoolean,
  unit: isUnit, none: isUnit, null: isUnit,
  any: anything,
};

export class TypeChecker {
  private readonly aliases = new Map<string, TypeDescriptor>();
  /** Protocol name → field name → field type as written (`"int"`, `"list[str]"`). */
  private readonly protocols = new Map<string, Readonly<Record<string, string>>>();

  constructor(
    readonly mode: TypeMode,
    private readonly registry: TypeRegistry,
    /** Reports an E302 TypeWarning (the sink adds the location). */
    private readonly warn: (warning: LoomError) => void,
  ) {}

  declareAlias(name: string, type: TypeDescriptor): void {
    this.aliases.set(name, type);
  }

  declareProtocol(name: string, fields: Readonly<Record<string, string>>): void {
    this.protocols.set(name, fields);
  }

  /** Checks `value` against `type`; `what` names the checked place (`variable 'x'`, `result of flow f`). */
  check(value: unknown, type: TypeDescriptor, what: string): void {
    this.checkAt(value, type, what, (error) => error);
  }

  /**
   * Checks an argument on entry to the flow that declares the parameter (`parameter 'x' of
   * flow f`); a violation or warning is reported at the call that passed it.
   */
  checkArgument(value: unknown, type: TypeDescriptor, what: string): void {
    this.checkAt(value, type, what, reportAtCaller);
  }

  private checkAt(value: unknown, type: TypeDescriptor, what: string, locate: (error: LoomError) => LoomError): void {
    if (this.mode === 'forgiving' || this.accepts(value, type)) return;
    const message = `${what} expects ${typeText(type)}, got ${describe(value)}`;
    if (this.mode === 'strict') throw locate(new LoomError('E301', message));
    this.warn(locate(new LoomError('E302', message)));
  }

  private accepts(value: unknown, type: TypeDescriptor): boolean {
    if ('union' in type) return type.union.some((member) => this.accepts(value, member));
    if ('optional' in type) return isUnit(value) || isNone(value) || this.accepts(value, type.optional);
    if ('text' in type) return fieldTypeProblem('value', parseFieldType(type.text), value) === null;
    return this.acceptsNamed(value, type.name, type.args ?? []);
  }

  private acceptsNamed(value: unknown, name: string, args: readonly TypeDescriptor[]): boolean {
    const alias = this.aliases.get(name);
    if (alias !== undefined) return this.accepts(value, alias);
    const scalar = SCALARS[name.toLowerCase()];
    if (scalar !== undefined) return scalar(value);
    const [first, second] = args;
    switch (name.toLowerCase()) {
      case 'list':
      case 'array':
        return Array.isArray(value) && (first === undefined || value.every((element) => this.accepts(element, first)));
      case 'dict':
      case 'map':
        return isDict(value) && (second === undefined || Object.values(value).every((element) => this.accepts(element, second)));
      case 'option':
        if (value instanceof VariantValue && value.enumName === 'Option') {
          return value.variant === 'None' || first === undefined || this.accepts(value.values[0], first);
        }
        return isUnit(value) || first === undefined || this.accepts(value, first);
      case 'result':
        return value instanceof VariantValue && value.enumName === 'Result';
      default:
        return this.acceptsDeclared(value, name);
    }
  }

  private acceptsDeclared(value: unknown, name: string): boolean {
    if (this.registry.struct(name) !== undefined) return value instanceof StructValue && value.typeName === name;
    if (this.registry.isEnum(name)) return value instanceof VariantValue && value.enumName === name;
    const fields = this.protocols.get(name);
    if (fields === undefined) return true;
    return isDict(value) && Object.entries(fields).every(([field, type]) => fieldTypeProblem(field, parseFieldType(type), value[field] ?? null) === null);
  }
}
