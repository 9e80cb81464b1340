/**
 * Contract clauses at run time. Deterministic clauses are compiled to conditions the generated
 * code evaluates itself; only their failure comes here. Semantic clauses (a string) are judged
 * by the weak model and fail closed. Failures are ContractViolations: E201 requires, E202
 * ensures, E203 invariant, reported as `ContractViolation(requires:deterministic, message="...")`.
 */
import { ContractViolation } from '../../errors.js';
import type { ContractClause } from '../../errors.js';
import type { SemanticJudge } from '../agents/semantic.js';

/** A deterministic clause evaluated to false; `message` is the clause as written. */
export function deterministicViolation(clause: ContractClause, message: string): never {
  throw new ContractViolation(message, { clause, condition: 'deterministic' });
}

/** Judges a semantic clause about `subject` (the flow's arguments or result, or an agent's input or output). */
export async function checkSemanticClause(judge: SemanticJudge, clause: ContractClause, condition: string, subject: unknown): Promise<void> {
  if (!(await judge.holds(condition, subject))) throw new ContractViolation(condition, { clause, condition: 'semantic' });
}
