import { ContractViolation } from '../errors.js';
import type { LoomError } from '../errors.js';

/**
 * The report of an error that escaped a running program:
 *
 *     DatabaseError: Failed to connect to sqlite://data/app.db
 *       --> app.nx:3:1
 *       = code E401
 *
 * Contract failures name the clause and how it was judged instead of the family:
 * `ContractViolation(requires:deterministic, message="amount must be positive")`.
 */
export function formatRuntimeError(error: LoomError): string {
  const headline =
    error instanceof ContractViolation
      ? `ContractViolation(${error.clause}:${error.condition}, message=${JSON.stringify(error.message)})`
      : `${error.name}: ${error.message}`;
  const location = error.span === undefined ? [] : [`  --> ${error.span.file}:${error.span.start.line}:${error.span.start.column}`];
  return [headline, ...location, `  = code ${error.code}`].join('\n');
}
