/**
 * Errors without a registry code: those a script raises itself (`raise Error("...")`). They
 * are reported as `Error: message` and caught like any other error, with `e.code` null. The
 * faults of plain operations (calling a value that is not a function, an index past the end of
 * a list, dividing by zero) are E105 (`fail`); constructs Loom does not run are E006.
 */
import { LoomError } from '../../errors.js';

export class ScriptError extends Error {
  readonly code = null;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'Error';
  }
}

/** An operation met a value it cannot work with: E105; an expression-friendly `throw`. */
export function fail(message: string): never {
  throw new LoomError('E105', message);
}

/** A failed `assert`; `message` is the asserted condition as written. */
export class AssertionFailure extends ScriptError {
  constructor(message: string) {
    super(message);
    this.name = 'AssertionError';
  }
}

export function assertionFailed(condition: string): never {
  throw new AssertionFailure(`assertion failed: ${condition}`);
}

/** A construct Loom parses but does not run (actors, python!, ...): E006, as at compile time. */
export function unsupported(construct: string): never {
  throw new LoomError('E006', `${construct}: not supported by this runtime`);
}
