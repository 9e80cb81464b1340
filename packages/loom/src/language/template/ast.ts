/**
 * The compiled form of a `template"""..."""` body: the nodes the compiler (compile.ts) builds
 * and the renderer (runtime/core/template.ts) walks. Shared ground, so that the code generator
 * needs only the compiler and the runtime only reads this shape.
 */
import type { TemplateFilterName } from './filter-names.js';

export interface Filter {
  readonly name: TemplateFilterName;
  readonly args: readonly unknown[];
}

/** A variable path (`user.name`, `items[0]`, `@index`) or a literal in a condition. */
export type Operand = { readonly path: readonly (string | number)[] } | { readonly literal: unknown };

export interface Comparison {
  readonly left: Operand;
  readonly operator: '==' | '!=' | '<' | '<=' | '>' | '>=' | null;
  readonly right: Operand | null;
  readonly negated: boolean;
}

export type Condition = { readonly any: readonly (readonly Comparison[])[] };

export type TemplateNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'output'; readonly operand: Operand; readonly filters: readonly Filter[]; readonly raw: boolean }
  | { readonly kind: 'for'; readonly variable: string; readonly iterable: Operand; readonly body: readonly TemplateNode[]; readonly empty: readonly TemplateNode[] }
  | { readonly kind: 'if'; readonly branches: readonly { readonly condition: Condition; readonly body: readonly TemplateNode[] }[]; readonly otherwise: readonly TemplateNode[] }
  | { readonly kind: 'partial'; readonly name: string; readonly data: Operand | null };

export interface CompiledTemplate {
  readonly nodes: readonly TemplateNode[];
  /** Variables the template reads from its data (not loop variables or `@` metadata). */
  readonly rootNames: readonly string[];
}
