/**
 * Literal values against declared types. Only literals are judged: a literal's type is certain
 * at compile time, anything computed is left to the runtime type mode.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Span } from '../language/span.js';
import { isDurationLiteral, numberLiteralValue } from '../syntax/number-literal.js';
import type { DurationLiteral } from '../syntax/number-literal.js';
import type { Expression } from '../syntax/ast.js';
import type { LoomType, PrimitiveName } from './types.js';
import { describeType } from './types.js';

export interface LiteralMismatch {
  /** The literal that does not fit (an element of a list literal, for instance). */
  readonly literal: Expression;
  /** What the literal is, as a phrase: `a string`, `an integer`, `500ms (0.5 seconds, a float)`. */
  readonly found: string;
}

type LiteralShape = 'string' | 'integer' | 'float' | 'boolean' | 'null' | 'list' | 'dict';

const SHAPE_PHRASES: Readonly<Record<LiteralShape, string>> = {
  string: 'a string',
  integer: 'an integer',
  float: 'a float',
  boolean: 'a boolean',
  null: 'null',
  list: 'a list',
  dict: 'a dict',
};

/** The first literal inside `value` that `type` certainly rejects, or null. */
export function findLiteralMismatch(type: LoomType, value: Expression): LiteralMismatch | null {
  const shape = literalShape(value);
  if (shape === null) return null;
  switch (type.kind) {
    case 'any':
    case 'unknown':
    case 'declared':
    case 'result':
      return null;
    case 'union':
      return type.members.every((member) => findLiteralMismatch(member, value) !== null)
        ? mismatch(value, shape)
        : null;
    case 'option':
      return shape === 'null' ? null : findLiteralMismatch(type.inner, value);
    case 'primitive':
      return primitiveAccepts(type.name, shape) ? null : mismatch(value, shape);
    case 'list':
      if (value.kind !== 'ListLiteral') return mismatch(value, shape);
      for (const element of value.elements) {
        if (element.kind === 'SpreadElement') continue;
        const inner = findLiteralMismatch(type.element, element);
        if (inner) return inner;
      }
      return null;
    case 'dict':
      if (value.kind !== 'DictLiteral') return mismatch(value, shape);
      for (const entry of value.entries) {
        const inner =
          (entry.key.kind === 'Identifier' ? null : findLiteralMismatch(type.key, entry.key)) ??
          findLiteralMismatch(type.value, entry.value);
        if (inner) return inner;
      }
      return null;
  }
}

/** A literal that its type rejects: where it is, and what to say of it. */
export interface LiteralMismatchFinding {
  readonly span: Span;
  readonly detail: string;
}

type DescribeMismatch = (expected: string, found: string) => string;

/**
 * The first literal in `value` that `type` rejects, or null. `describe` words the detail from
 * the expected type and what the literal is (`a string`). Whether that is an error or only a
 * lint warning (W006) is for the caller to say.
 */
export function literalMismatchFinding(type: LoomType | undefined, value: Expression, describe: DescribeMismatch): LiteralMismatchFinding | null {
  const found = type && findLiteralMismatch(type, value);
  if (!type || !found) return null;
  return { span: found.literal.span, detail: describe(describeType(type), found.found) };
}

/** E002 at the first literal in `value` that `type` rejects, or null. */
export function literalMismatchDiagnostic(type: LoomType | undefined, value: Expression, describe: DescribeMismatch): Diagnostic | null {
  const found = literalMismatchFinding(type, value, describe);
  return found && diagnostic('E002', found.span, found.detail);
}

function mismatch(literal: Expression, shape: LiteralShape): LiteralMismatch {
  const duration = durationLiteral(literal);
  if (duration === null) return { literal, found: SHAPE_PHRASES[shape] };
  // The seconds are what the variable would hold, so the message shows them beside what was written.
  const sign = literal.kind === 'UnaryExpression' ? -1 : 1;
  const written = `${sign < 0 ? '-' : ''}${duration.value}${duration.unit}`;
  return { literal, found: `${written} (${sign * numberLiteralValue(duration)} seconds, ${SHAPE_PHRASES[shape]})` };
}

/** The number literal with a time unit that `literal` is, or negates (`-500ms`), or null. */
function durationLiteral(literal: Expression): DurationLiteral | null {
  const number = literal.kind === 'UnaryExpression' && literal.operator === '-' ? literal.operand : literal;
  return number.kind === 'NumberLiteral' && isDurationLiteral(number) ? number : null;
}

function primitiveAccepts(name: PrimitiveName, shape: LiteralShape): boolean {
  switch (name) {
    case 'str':
      return shape === 'string';
    case 'int':
      return shape === 'integer';
    case 'float':
      return shape === 'integer' || shape === 'float';
    case 'bool':
      return shape === 'boolean';
    case 'unit':
      return shape === 'null';
  }
}

function literalShape(value: Expression): LiteralShape | null {
  switch (value.kind) {
    case 'StringLiteral':
    case 'InterpolatedString':
    case 'TemplateLiteral':
      return 'string';
    case 'NumberLiteral':
      // Loom has one number type and `int` means an integral value, so `3.0` is an integer. A
      // duration is judged by the value it stands for: `500ms` is 0.5 (seconds), a float, and
      // `2s` is 2, an integer. Nexa has no duration type, so there is nothing else to judge.
      return Number.isInteger(numberLiteralValue(value)) ? 'integer' : 'float';
    case 'BooleanLiteral':
      return 'boolean';
    case 'NullLiteral':
      return 'null';
    case 'ListLiteral':
      return 'list';
    case 'DictLiteral':
      return 'dict';
    case 'UnaryExpression':
      return value.operator === '-' && value.operand.kind === 'NumberLiteral' ? literalShape(value.operand) : null;
    default:
      return null;
  }
}
