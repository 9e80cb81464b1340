/** `std.math`: rounding, roots, powers, extremes and random numbers over plain numbers. */
import { fail } from '../core/script-error.js';
import { evaluateArithmetic } from './arithmetic.js';
import { number, text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

const math: StdFunctionsOf<'math'> = {
  abs: (value) => Math.abs(number(value, 'the value')),
  floor: (value) => Math.floor(number(value, 'the value')),
  ceil: (value) => Math.ceil(number(value, 'the value')),
  round: (value) => Math.round(number(value, 'the value')),
  sqrt: (value) => Math.sqrt(number(value, 'the value')),
  pow: (base, exponent) => number(base, 'the base') ** number(exponent, 'the exponent'),
  min: (...values) => Math.min(...values.flat().map((value) => number(value, 'each value'))),
  max: (...values) => Math.max(...values.flat().map((value) => number(value, 'each value'))),
  random: () => Math.random(),
  pi: () => Math.PI,
  math_calc: (expression) => {
    const written = text(expression, 'the expression');
    return { result: evaluateArithmetic(written), expression: written };
  },
  // An integer from min_val to max_val, both included (Python's random.randint).
  math_random: (low, high) => {
    const min = Math.ceil(number(low, 'min_val'));
    const max = Math.floor(number(high, 'max_val'));
    if (max < min) return fail(`math_random needs min_val <= max_val, got ${min} and ${max}`);
    return min + Math.floor(Math.random() * (max - min + 1));
  },
};

export const mathNamespace: StdNamespace<'math'> = {
  create: () => math,
  parameters: { math_calc: ['expression'], math_random: ['min_val', 'max_val'] },
  tools: {
    sqrt: { description: 'Square root', parameters: { value: 'number' } },
    pow: { description: 'base raised to exponent', parameters: { base: 'number', exponent: 'number' } },
    abs: { description: 'Absolute value', parameters: { value: 'number' } },
    round: { description: 'Round to the nearest integer', parameters: { value: 'number' } },
  },
};
