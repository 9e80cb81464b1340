/**
 * A failed `verify`: E204, a ContractViolation of the clause `verify`, reported as
 * `ContractViolation(verify:deterministic, message="...")`.
 */
import { ContractViolation } from '../../errors.js';
import type { ContractConditionKind } from '../../errors.js';

export function verificationFailure(message: string, condition: ContractConditionKind): ContractViolation {
  return new ContractViolation(message, { clause: 'verify', condition });
}

export function isVerificationFailure(error: unknown): error is ContractViolation {
  return error instanceof ContractViolation && error.clause === 'verify';
}
