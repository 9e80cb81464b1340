/**
 * The arithmetic operators and the runtime helper each compiles to, since their Loom meaning
 * differs from JavaScript's (`+` joins strings and lists; the others raise an error rather
 * than yield NaN). Compound assignment (`x += 1`) uses the helper of its operator, so the two
 * cannot drift apart.
 */
import type { BinaryOperator } from '../syntax/ast.js';
import type { RuntimeExport } from '../language/runtime-interface.js';

const ARITHMETIC_HELPERS = {
  '+': 'add', '-': 'subtract', '*': 'multiply', '/': 'divide', '%': 'remainder', '**': 'power',
} as const satisfies Readonly<Record<string, RuntimeExport>>;

type ArithmeticOperator = keyof typeof ARITHMETIC_HELPERS;

/** The helper of a binary operator, undefined for one JavaScript evaluates natively or another emitter handles. */
export function arithmeticHelper(operator: BinaryOperator): RuntimeExport | undefined {
  return Object.hasOwn(ARITHMETIC_HELPERS, operator) ? ARITHMETIC_HELPERS[operator as ArithmeticOperator] : undefined;
}

/**
 * The helper of `x op= value`: that of `op`. The parameter type makes a compound operator the
 * grammar gains without an arithmetic counterpart a compile error where assignments are emitted.
 */
export function compoundHelper(operator: `${ArithmeticOperator}=`): RuntimeExport {
  return ARITHMETIC_HELPERS[operator.slice(0, -1) as ArithmeticOperator];
}
