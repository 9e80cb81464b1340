/**
 * A namespace of the reference Loom does not run (ask_human, pipe, ...): the checker refuses
 * every use it can see (E006); reached through a value it is present, and every function
 * raises the same E006 when called.
 */
import { unsupported } from '../core/script-error.js';
import type { StdFunction, StdFunctions } from './namespace.js';

export function unsupportedNamespace(name: string): StdFunctions {
  const refuse = (property: string | symbol): StdFunction => () => unsupported(`std.${name}.${String(property)}`);
  return new Proxy({}, {
    get: (_target, property) => refuse(property),
    getOwnPropertyDescriptor: (_target, property) => ({ configurable: true, enumerable: true, writable: false, value: refuse(property) }),
  });
}
