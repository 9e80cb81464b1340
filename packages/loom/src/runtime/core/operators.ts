/**
 * Arithmetic and membership with Loom's meaning: `+` adds numbers, joins a string with the
 * text of anything and concatenates lists; the other operators take numbers only and raise an
 * error rather than yield JavaScript's NaN. The numeric case comes first and stays small so
 * that V8 inlines it into generated loops.
 */
import { fail } from './script-error.js';
import { describe, display, equals, isDict, StructValue } from './values.js';

export function add(left: unknown, right: unknown): unknown {
  if (typeof left === 'number' && typeof right === 'number') return left + right;
  return addOther(left, right);
}

function addOther(left: unknown, right: unknown): unknown {
  if (typeof left === 'string' || typeof right === 'string') return display(left) + display(right);
  if (Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  return fail(`cannot add ${describe(left)} and ${describe(right)}`);
}

function numbersOnly(operator: string, left: unknown, right: unknown): never {
  return fail(`'${operator}' needs two numbers, got ${describe(left)} and ${describe(right)}`);
}

export function subtract(left: unknown, right: unknown): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return numbersOnly('-', left, right);
}

export function multiply(left: unknown, right: unknown): unknown {
  if (typeof left === 'number' && typeof right === 'number') return left * right;
  if (typeof left === 'string' && Number.isInteger(right)) return left.repeat(Math.max(0, right as number));
  return numbersOnly('*', left, right);
}

export function divide(left: unknown, right: unknown): number {
  if (typeof left !== 'number' || typeof right !== 'number') return numbersOnly('/', left, right);
  if (right === 0) return fail('division by zero');
  return left / right;
}

/** The remainder takes the sign of the divisor, as in Python, so `-1 % 3` is 2. */
export function remainder(left: unknown, right: unknown): number {
  if (typeof left !== 'number' || typeof right !== 'number') return numbersOnly('%', left, right);
  if (right === 0) return fail('division by zero');
  return ((left % right) + right) % right;
}

export function power(left: unknown, right: unknown): number {
  if (typeof left === 'number' && typeof right === 'number') return left ** right;
  return numbersOnly('**', left, right);
}

export function negate(operand: unknown): number {
  if (typeof operand === 'number') return -operand;
  return fail(`'-' needs a number, got ${describe(operand)}`);
}

/** `x in collection`: an element of a list, a key of a dict or struct, a substring of a string. */
export function contains(collection: unknown, element: unknown): boolean {
  if (typeof collection === 'string') return typeof element === 'string' && collection.includes(element);
  if (Array.isArray(collection)) return collection.some((candidate) => equals(candidate, element));
  if (collection instanceof StructValue) return typeof element === 'string' && Object.hasOwn(collection.fields, element);
  if (isDict(collection)) return typeof element === 'string' && Object.hasOwn(collection, element);
  return fail(`'in' needs a list, dict or string on its right, got ${describe(collection)}`);
}
