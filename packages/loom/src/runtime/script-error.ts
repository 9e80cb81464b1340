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
