/**
 * A namespace the checker knows (db, kv, auth, ...) but Loom does not run yet: present, so a
 * program that names it compiles and runs up to the call, where every function reports that
 * it is not supported yet.
 */
import { fail } from '../core/script-error.js';
import type { StdFunction, StdFunctions } from './namespace.js';

export function unsupportedNamespace(name: string): StdFunctions {
  const refuse = (property: string | symbol): StdFunction => () => fail(`std.${name}.${String(property)}: not supported yet by loom run`);
  return new Proxy({}, {
    get: (_target, property) => refuse(property),
    getOwnPropertyDescriptor: (_target, property) => ({ configurable: true, enumerable: true, writable: false, value: refuse(property) }),
  });
}
