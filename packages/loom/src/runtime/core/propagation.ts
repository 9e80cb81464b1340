/**
 * `expr?` and `otherwise`. `?` unwraps `Ok(v)`/`Some(v)`; on `Err(e)` or `None` (or an error
 * raised while evaluating `expr`) it ends the enclosing flow, which returns that `Err`/`None` to
 * its caller — the flow boundary catches the propagation. The place of the `?` is remembered
 * so that an `Err` reaching the end of the program is reported with its origin.
 */
import { ExitRequest } from './exit-request.js';
import { VariantValue } from './values.js';

/** Thrown by `?` and caught by the enclosing flow; an Error so its stack records the origin. */
export class Propagation extends Error {
  constructor(readonly value: VariantValue) {
    super('propagated by ?');
  }
}

const origins = new WeakMap<VariantValue, Propagation>();

function err(error: unknown): VariantValue {
  return new VariantValue('Result', 'Err', [error], ['error']);
}

export function isErr(value: unknown): value is VariantValue {
  return value instanceof VariantValue && value.enumName === 'Result' && value.variant === 'Err';
}

/** Evaluates `compute`; an error it raises becomes `Err(error)` (a propagation or `exit` passes through). */
export async function settle(compute: () => Promise<unknown>): Promise<unknown> {
  try {
    return await compute();
  } catch (error) {
    if (error instanceof Propagation || error instanceof ExitRequest) throw error;
    return err(error);
  }
}

export function propagate(value: unknown): unknown {
  if (!(value instanceof VariantValue)) return value;
  if ((value.enumName === 'Result' && value.variant === 'Ok') || (value.enumName === 'Option' && value.variant === 'Some')) return value.values[0];
  const failed = value.enumName === 'Result' ? value.variant === 'Err' : value.enumName === 'Option' && value.variant === 'None';
  if (failed) throw new Propagation(value);
  return value;
}

/** The flow boundary: the value the flow returns for a propagation it caught. */
export function propagated(signal: Propagation): VariantValue {
  if (!origins.has(signal.value)) origins.set(signal.value, signal);
  return signal.value;
}

/** Where `value` was first propagated by `?`, if it was. */
export function propagationOrigin(value: unknown): Propagation | undefined {
  return value instanceof VariantValue ? origins.get(value) : undefined;
}
