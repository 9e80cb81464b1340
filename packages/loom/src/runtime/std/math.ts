/** `std.math`: rounding, roots, powers, extremes and random numbers over plain numbers. */
import { number } from './arguments.js';
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
};

export const mathNamespace: StdNamespace<'math'> = {
  create: () => math,
  tools: {
    sqrt: { description: 'Square root', parameters: { value: 'number' } },
    pow: { description: 'base raised to exponent', parameters: { base: 'number', exponent: 'number' } },
    abs: { description: 'Absolute value', parameters: { value: 'number' } },
    round: { description: 'Round to the nearest integer', parameters: { value: 'number' } },
  },
};
