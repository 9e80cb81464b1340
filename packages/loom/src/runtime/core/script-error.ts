/**
 * Errors without a registry code: those a script raises itself (`raise Error("...")`) and the
 * faults of plain operations (calling a value that is not a function, an index past the end
 * of a list, dividing by zero). They are reported as `Error: message` and caught like any
 * other error, with `e.code` null.
 */
export class ScriptError extends Error {
  readonly code = null;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'Error';
  }
}

/** Throws a ScriptError; an expression-friendly `throw`. */
export function fail(message: string): never {
  throw new ScriptError(message);
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

/** A program whose declarations cannot run as written; `problem` says why and what to write instead. */
export function cannotRun(problem: string): never {
  throw new ScriptError(problem);
}

/** A construct Loom parses but does not run yet (jobs, servers, resources, actors, python!). */
export function unsupported(construct: string): never {
  throw new ScriptError(`${construct}: not supported yet by loom run`);
}
