/**
 * Methods every string, list and dict has (`name.upper()`, `items.append(x)`, `d.keys()`),
 * with the names of the Python methods Nexa scripts were written against plus their common
 * JavaScript spellings. A callback argument (`items.map(fn(x) {...})`) may be asynchronous.
 */
import { fail } from './script-error.js';
import { describe, display, equals, isDict, truthy } from './values.js';

type Callback = (...args: unknown[]) => unknown;
type BuiltinMethod<T> = (receiver: T, ...args: unknown[]) => unknown;

function text(value: unknown, what: string): string {
  return typeof value === 'string' ? value : fail(`${what} must be a string, got ${describe(value)}`);
}

function callback(value: unknown, what: string): Callback {
  return typeof value === 'function' ? (value as Callback) : fail(`${what} must be a function, got ${describe(value)}`);
}

const STRING_METHODS: Readonly<Record<string, BuiltinMethod<string>>> = {
  upper: (s) => s.toUpperCase(),
  lower: (s) => s.toLowerCase(),
  trim: (s) => s.trim(),
  strip: (s) => s.trim(),
  capitalize: (s) => s.charAt(0).toUpperCase() + s.slice(1),
  split: (s, separator) => (separator === undefined || separator === null ? s.trim().split(/\s+/).filter((part) => part !== '') : s.split(text(separator, 'the separator'))),
  lines: (s) => s.split(/\r?\n/),
  splitlines: (s) => s.split(/\r?\n/),
  replace: (s, from, to) => s.split(text(from, 'the text to replace')).join(display(to)),
  contains: (s, part) => s.includes(text(part, 'the text to find')),
  starts_with: (s, prefix) => s.startsWith(text(prefix, 'the prefix')),
  startswith: (s, prefix) => s.startsWith(text(prefix, 'the prefix')),
  ends_with: (s, suffix) => s.endsWith(text(suffix, 'the suffix')),
  endswith: (s, suffix) => s.endsWith(text(suffix, 'the suffix')),
  find: (s, part) => s.indexOf(text(part, 'the text to find')),
  index_of: (s, part) => s.indexOf(text(part, 'the text to find')),
  join: (s, items) => (Array.isArray(items) ? items.map(display).join(s) : fail(`join needs a list, got ${describe(items)}`)),
  length: (s) => s.length,
  repeat: (s, count) => s.repeat(Number(count)),
};

const LIST_METHODS: Readonly<Record<string, BuiltinMethod<unknown[]>>> = {
  append: (list, item) => {
    list.push(item);
    return null;
  },
  push: (list, item) => {
    list.push(item);
    return null;
  },
  extend: (list, items) => {
    if (!Array.isArray(items)) return fail(`extend needs a list, got ${describe(items)}`);
    list.push(...items);
    return null;
  },
  insert: (list, position, item) => {
    list.splice(Number(position), 0, item);
    return null;
  },
  pop: (list) => (list.length === 0 ? fail('pop from an empty list') : list.pop()),
  remove: (list, item) => {
    const position = list.findIndex((candidate) => equals(candidate, item));
    if (position < 0) return fail(`remove: ${describe(item)} is not in the list`);
    list.splice(position, 1);
    return null;
  },
  contains: (list, item) => list.some((candidate) => equals(candidate, item)),
  index_of: (list, item) => list.findIndex((candidate) => equals(candidate, item)),
  join: (list, separator) => list.map(display).join(separator === undefined ? '' : text(separator, 'the separator')),
  reverse: (list) => [...list].reverse(),
  first: (list) => list[0] ?? null,
  last: (list) => list[list.length - 1] ?? null,
  length: (list) => list.length,
  copy: (list) => [...list],
  map: async (list, fn) => {
    const apply = callback(fn, 'map');
    const mapped: unknown[] = [];
    for (const item of list) mapped.push(await apply(item));
    return mapped;
  },
  filter: async (list, fn) => {
    const keep = callback(fn, 'filter');
    const kept: unknown[] = [];
    for (const item of list) if (truthy(await keep(item))) kept.push(item);
    return kept;
  },
};

const DICT_METHODS: Readonly<Record<string, BuiltinMethod<Record<string, unknown>>>> = {
  keys: (dict) => Object.keys(dict),
  values: (dict) => Object.values(dict),
  items: (dict) => Object.entries(dict),
  get: (dict, key, fallback) => (Object.hasOwn(dict, String(key)) ? dict[String(key)] : (fallback ?? null)),
  has: (dict, key) => Object.hasOwn(dict, String(key)),
  contains: (dict, key) => Object.hasOwn(dict, String(key)),
  set: (dict, key, value) => {
    dict[String(key)] = value;
    return null;
  },
  remove: (dict, key) => {
    const value = dict[String(key)] ?? null;
    delete dict[String(key)];
    return value;
  },
  update: (dict, other) => {
    if (!isDict(other)) return fail(`update needs a dict, got ${describe(other)}`);
    Object.assign(dict, other);
    return null;
  },
  length: (dict) => Object.keys(dict).length,
};

/** The builtin method `name` of `receiver`'s type, bound to it; `undefined` when there is none. */
export function builtinMethod(receiver: unknown, name: string): ((...args: unknown[]) => unknown) | undefined {
  const table: Readonly<Record<string, BuiltinMethod<never>>> | undefined =
    typeof receiver === 'string' ? STRING_METHODS : Array.isArray(receiver) ? LIST_METHODS : isDict(receiver) ? DICT_METHODS : undefined;
  if (table === undefined || !Object.hasOwn(table, name)) return undefined;
  const method = table[name] as BuiltinMethod<unknown>;
  return (...args) => method(receiver, ...args);
}
