/**
 * Turns written types into `LoomType`s. A name is a built-in type (by any documented spelling)
 * or a declared protocol, struct, enum, trait or type alias. An unknown name in an annotation
 * is an undeclared identifier (E001); inside a protocol field's type string it is a type
 * mismatch (E002), the code the Nexa index gives for protocol field types.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { NamedType, StringType, TypeAliasDeclaration, TypeExpression } from '../syntax/ast.js';
import type { Span } from '../language/span.js';
import type { GlobalSymbol, GlobalTable } from './binder.js';
import { KIND_PHRASES, TYPE_KINDS } from './binder.js';
import { readTypeString } from './type-strings.js';
import type { TypeStringResult } from './type-strings.js';
import type { LoomType } from './types.js';
import { UNKNOWN_TYPE, applyConstructor } from './types.js';
import { acceptedArgumentCounts, builtinType, builtinTypeNames } from '../language/builtin-types.js';
import { suggestionHint } from '../language/suggest.js';

/** Where a type is written decides the code of an unknown name. */
export type TypeContext = 'annotation' | 'protocol-field';

/** The implementing type inside trait and impl methods (`fn compare(other: Self)`). */
const SELF_TYPE_NAME = 'Self';
const ANNOTATION_REMEDY =
  'declare it as a protocol, struct, enum or `type` alias, or use a built-in type such as str, int, float, bool, list[T]';
const PROTOCOL_FIELD_REMEDY =
  'protocol field types are "string", "int", "float", "boolean", "list[T]", "dict[K, V]", "any" or a declared type';

export class TypeResolver {
  private readonly aliasesInProgress = new Set<string>();
  /**
   * Each type string, read once: the checker resolves it here and the emitter writes the
   * runtime's type descriptor from the same tree, so no later stage reads the text again.
   */
  private readonly readStrings = new Map<StringType, TypeStringResult>();

  constructor(
    private readonly globals: GlobalTable,
    private readonly markUsed: (symbol: GlobalSymbol) => void,
    /** `hint` is called only if the name is reported. */
    private readonly reportUndeclared: (name: string, span: Span, hint: () => string) => void,
  ) {}

  /** Resolves `expr`, appending any problem with how it is written to `diagnostics`. */
  resolve(expr: TypeExpression, context: TypeContext, diagnostics: Diagnostic[]): LoomType {
    switch (expr.kind) {
      case 'Error':
        return UNKNOWN_TYPE;
      case 'OptionalType':
        return { kind: 'option', inner: this.resolve(expr.inner, context, diagnostics) };
      case 'UnionType':
        return { kind: 'union', members: expr.members.map((member) => this.resolve(member, context, diagnostics)) };
      case 'StringType': {
        const read = this.readString(expr);
        if (!read.ok) {
          diagnostics.push(diagnostic('E002', read.span, read.message));
          return UNKNOWN_TYPE;
        }
        return this.resolve(read.type, 'protocol-field', diagnostics);
      }
      case 'NamedType':
        return this.resolveNamed(expr, context, diagnostics);
    }
  }

  private resolveNamed(expr: NamedType, context: TypeContext, diagnostics: Diagnostic[]): LoomType {
    const name = expr.name.name;
    const args = expr.arguments.map((arg) => this.resolve(arg, context, diagnostics));
    const constructor = builtinType(name);
    if (constructor) {
      const counts = acceptedArgumentCounts(constructor);
      if (!counts.includes(args.length)) {
        diagnostics.push(diagnostic('E002', expr.span, `'${name}' takes ${describeCounts(counts)}, not ${args.length}`));
        return UNKNOWN_TYPE;
      }
      return applyConstructor(constructor, args);
    }
    const symbol = this.globals.lookup(name);
    if (symbol && TYPE_KINDS.has(symbol.kind)) {
      this.markUsed(symbol);
      return symbol.kind === 'type' ? this.aliasTarget(symbol.declaration as TypeAliasDeclaration) : { kind: 'declared', name };
    }
    if (symbol) {
      diagnostics.push(diagnostic('E002', expr.name.span, `'${name}' is ${KIND_PHRASES[symbol.kind]}, not a type`));
      return UNKNOWN_TYPE;
    }
    if (name === SELF_TYPE_NAME) return UNKNOWN_TYPE;
    if (context === 'annotation') {
      this.reportUndeclared(name, expr.name.span, () => suggestionHint(name, this.typeNames()) ?? ANNOTATION_REMEDY);
    } else {
      diagnostics.push(diagnostic('E002', expr.name.span, `unknown type '${name}' in protocol field`, {
        hint: suggestionHint(name, this.typeNames()) ?? PROTOCOL_FIELD_REMEDY,
      }));
    }
    return UNKNOWN_TYPE;
  }

  /** The types written inside strings that read well, each as the tree it was read into. */
  typeStrings(): ReadonlyMap<StringType, TypeExpression> {
    const read = new Map<StringType, TypeExpression>();
    for (const [node, result] of this.readStrings) if (result.ok) read.set(node, result.type);
    return read;
  }

  private readString(node: StringType): TypeStringResult {
    let read = this.readStrings.get(node);
    if (read === undefined) {
      read = readTypeString(node);
      this.readStrings.set(node, read);
    }
    return read;
  }

  /** The type an alias stands for; its own errors are reported where the alias is declared. */
  private aliasTarget(alias: TypeAliasDeclaration): LoomType {
    const name = alias.name.name;
    if (this.aliasesInProgress.has(name)) return UNKNOWN_TYPE;
    this.aliasesInProgress.add(name);
    const target = this.resolve(alias.type, 'annotation', []);
    this.aliasesInProgress.delete(name);
    return target;
  }

  private *typeNames(): Iterable<string> {
    for (const symbol of this.globals.all()) {
      if (TYPE_KINDS.has(symbol.kind)) yield symbol.name;
    }
    yield* builtinTypeNames();
  }
}

function describeCounts(counts: readonly number[]): string {
  const phrase = (n: number): string => (n === 0 ? 'no type arguments' : n === 1 ? '1 type argument' : `${n} type arguments`);
  return counts.map(phrase).join(' or ');
}
