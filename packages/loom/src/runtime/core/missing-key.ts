/**
 * The left side of `??` when it holds a call: a key-value read of a missing, deleted or
 * expired key raises E601, which `??` treats as absent (null) so its default applies. Every
 * other error goes on.
 */
import { LoomError } from '../../errors.js';

export async function missingKeyAsAbsent(evaluate: () => Promise<unknown>): Promise<unknown> {
  try {
    return await evaluate();
  } catch (error) {
    if (error instanceof LoomError && error.code === 'E601') return null;
    throw error;
  }
}
