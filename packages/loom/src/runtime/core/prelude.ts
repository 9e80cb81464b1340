/**
 * The builtin functions every program may call without declaring them (language/builtins.ts
 * lists the names): conversions, collection helpers, `Some`/`Ok`/`Err`/`Error`, `sleep`.
 * Builtins that need services Loom does not run yet (server responses, `img`, `input`, `join`)
 * raise an error naming themselves when called; the resource builtins are the program's
 * (host/resource-builtins.ts) and the concurrency builtins std.concurrent's (host/program.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { currentJob } from '../infra/current-job.js';
import { currentToolSignal } from '../infra/tool-signal.js';
import type { TypeRegistry } from './adt.js';
import { ExitRequest } from './exit-request.js';
import { fail, ScriptError, unsupported } from './script-error.js';
import { describe, display, isDict, StructValue, truthy } from './values.js';
import { BUILTINS_NOT_RUN } from '../../language/builtins.js';

type Builtin = (...args: unknown[]) => unknown;

const MS_PER_SECOND = 1000;

function length(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (value instanceof StructValue) return Object.keys(value.fields).length;
  if (isDict(value)) return Object.keys(value).length;
  return fail(`len() needs a string, list or dict, got ${describe(value)}`);
}

function toInteger(value: unknown): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return fail(`int() cannot convert ${describe(value)}`);
}

function toFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isNaN(parsed) ? fail(`float() cannot convert ${describe(value)}`) : parsed;
}

function numbers(values: readonly unknown[], what: string): number[] {
  const list = values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
  return list.map((value) => (typeof value === 'number' ? value : fail(`${what}() needs numbers, got ${describe(value)}`)));
}

function range(start: unknown, end?: unknown, step: unknown = 1): number[] {
  const [from, to] = end === undefined ? [0, Number(start)] : [Number(start), Number(end)];
  const increment = Number(step);
  if (increment === 0) return fail('range() step must not be zero');
  const values: number[] = [];
  for (let value = from; increment > 0 ? value < to : value > to; value += increment) values.push(value);
  return values;
}

function compareValues(left: unknown, right: unknown): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  const a = display(left);
  const b = display(right);
  return a < b ? -1 : a > b ? 1 : 0;
}

async function sorted(items: unknown, key?: unknown): Promise<unknown[]> {
  if (!Array.isArray(items)) return fail(`sorted() needs a list, got ${describe(items)}`);
  if (key === undefined || key === null) return [...items].sort(compareValues);
  if (typeof key !== 'function') return fail(`sorted() key must be a function, got ${describe(key)}`);
  const keyed = await Promise.all(items.map(async (item) => ({ item, key: await (key as Builtin)(item) })));
  return keyed.sort((a, b) => compareValues(a.key, b.key)).map(({ item }) => item);
}

/** A sleep inside a tool ends when the tool is cancelled, so a timed-out tool does not keep the program alive. */
async function sleepMs(milliseconds: number): Promise<null> {
  const signal = currentToolSignal();
  try {
    await delay(milliseconds, undefined, { signal });
  } catch (error) {
    throw signal?.aborted === true ? signal.reason : error;
  }
  return null;
}


/** What builtins need from the running program. */
export interface BuiltinServices {
  readonly print: (values: readonly unknown[]) => void;
  readonly secret: (name: string) => string | null;
}

export function createBuiltins(registry: TypeRegistry, { print, secret }: BuiltinServices): Readonly<Record<string, Builtin>> {
  const builtins: Record<string, Builtin> = {
    // `print(x)` as a statement has its own node; this is `print` used as a value or in an expression.
    print: (...values) => {
      print(values);
      return null;
    },
    len: length,
    str: (value) => display(value),
    int: toInteger,
    float: toFloat,
    bool: (value) => truthy(value),
    list: (value) => (value === undefined ? [] : Array.isArray(value) ? [...value] : typeof value === 'string' ? [...value] : isDict(value) ? Object.keys(value) : fail(`list() cannot convert ${describe(value)}`)),
    dict: (value) => (value === undefined ? {} : isDict(value) ? { ...value } : value instanceof StructValue ? { ...value.fields } : fail(`dict() cannot convert ${describe(value)}`)),
    range,
    sorted,
    enumerate: (items) => (Array.isArray(items) ? items.map((item, index) => [index, item]) : fail(`enumerate() needs a list, got ${describe(items)}`)),
    min: (...values) => Math.min(...numbers(values, 'min')),
    max: (...values) => Math.max(...numbers(values, 'max')),
    sum: (...values) => numbers(values, 'sum').reduce((total, value) => total + value, 0),
    abs: (value) => Math.abs(numbers([value], 'abs')[0]),
    round: (value, digits = 0) => {
      const factor = 10 ** Number(digits);
      return Math.round(numbers([value], 'round')[0] * factor) / factor;
    },
    any: (items) => (Array.isArray(items) ? items.some(truthy) : fail(`any() needs a list, got ${describe(items)}`)),
    all: (items) => (Array.isArray(items) ? items.every(truthy) : fail(`all() needs a list, got ${describe(items)}`)),
    Some: (value) => registry.variant('Option', 'Some', [value]),
    Ok: (value) => registry.variant('Result', 'Ok', [value]),
    Err: (error) => registry.variant('Result', 'Err', [error]),
    Error: (message) => new ScriptError(display(message)),
    secret: (name) => secret(display(name)),
    sleep: (seconds) => sleepMs(numbers([seconds], 'sleep')[0] * MS_PER_SECOND),
    sleep_ms: (milliseconds) => sleepMs(numbers([milliseconds], 'sleep_ms')[0]),
    // A fresh dict: the program may change it without touching the attempt's own record.
    current_job: () => {
      const job = currentJob();
      return job === undefined ? null : { ...job };
    },
    exit: (status = 0) => {
      throw new ExitRequest(Number(status));
    },
  };
  // The compiler refuses programs that use these (language/builtins.ts); a module built by an
  // older Loom still gets a clear error.
  for (const name of BUILTINS_NOT_RUN) builtins[name] = () => unsupported(`the builtin '${name}'`);
  return builtins;
}
