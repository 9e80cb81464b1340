/**
 * Run-time checks of type annotations on flow parameters and results, `let x: T` and struct
 * fields, under LOOM_TYPE_MODE: `strict` stops with E301 TypeViolation, `warn` (the default)
 * reports E302 TypeWarning on stderr and goes on, `forgiving` checks nothing. A name the
 * checker could not resolve to a type accepts any value.
 */
import { LoomError } from '../../errors.js';
import { typeText } from '../../language/type-descriptor.js';
import type { TypeDescriptor } from '../../language/type-descriptor.js';
import { typeProblem } from './type-checks.js';
import type { DeclaredTypes } from './type-checks.js';
import type { TypeRegistry } from './adt.js';
import { describe, isDict, StructValue, VariantValue } from './values.js';
import { reportAtCaller } from './report-site.js';

export type TypeMode = 'strict' | 'warn' | 'forgiving';

export const TYPE_MODE_VARIABLE = 'LOOM_TYPE_MODE';
const TYPE_MODES: readonly TypeMode[] = ['strict', 'warn', 'forgiving'];
const DEFAULT_TYPE_MODE: TypeMode = 'warn';

export function typeModeFrom(env: NodeJS.ProcessEnv): TypeMode {
  const value = env[TYPE_MODE_VARIABLE]?.trim().toLowerCase();
  return TYPE_MODES.find((mode) => mode === value) ?? DEFAULT_TYPE_MODE;
}

export class TypeChecker {
  private readonly aliases = new Map<string, TypeDescriptor>();
  /** Protocol name → field name → field type. */
  private readonly protocols = new Map<string, Readonly<Record<string, TypeDescriptor>>>();

  constructor(
    readonly mode: TypeMode,
    private readonly registry: TypeRegistry,
    /** Reports an E302 TypeWarning (the sink adds the location). */
    private readonly warn: (warning: LoomError) => void,
  ) {}

  declareAlias(name: string, type: TypeDescriptor): void {
    this.aliases.set(name, type);
  }

  declareProtocol(name: string, fields: Readonly<Record<string, TypeDescriptor>>): void {
    this.protocols.set(name, fields);
  }

  /** Checks `value` against `type`; `what` names the checked place (`variable 'x'`, `result of flow f`). */
  check(value: unknown, type: TypeDescriptor, what: string): void {
    this.checkAt(value, type, what, (error) => error);
  }

  /** `value is T`: whether `value` is of `type`, whatever the type mode (a test, not a check). */
  test(value: unknown, type: TypeDescriptor): boolean {
    return this.accepts(value, type);
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
    return typeProblem('value', type, value, this.declared) === null;
  }

  /** The program's own types, as the shared checks (type-checks.ts) ask for them. */
  private readonly declared: DeclaredTypes = {
    alias: (name) => this.aliases.get(name),
    accepts: (name, value) => {
      if (this.registry.struct(name) !== undefined) return value instanceof StructValue && value.typeName === name;
      if (this.registry.isEnum(name)) return value instanceof VariantValue && value.enumName === name;
      const fields = this.protocols.get(name);
      if (fields === undefined) return undefined;
      return isDict(value) && Object.entries(fields).every(([field, type]) => typeProblem(field, type, value[field] ?? null, this.declared) === null);
    },
  };
}
