/**
 * The `std.*` namespaces: json, fs, time, math, text (also spelled `string`), regex, hash,
 * http (std-http.ts) and shell (std-shell.ts, off unless LOOM_ALLOW_SHELL=1), with the
 * function names of the Nexa standard library reference. Namespaces that need services Loom
 * does not run yet (db, kv, auth, ...) are present but raise a clear "not supported yet"
 * error when called.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { STD_NAMESPACES } from '../language/builtins.js';
import { member } from './access.js';
import { fail } from './script-error.js';
import { http } from './std-http.js';
import { createShell } from './std-shell.js';
import { describe, display, isDict, StructValue } from './values.js';

type StdFunction = (...args: unknown[]) => unknown;
type Namespace = Readonly<Record<string, StdFunction>>;

const MS_PER_SECOND = 1000;

function text(value: unknown, what: string): string {
  return typeof value === 'string' ? value : fail(`${what} must be a string, got ${describe(value)}`);
}

function number(value: unknown, what: string): number {
  return typeof value === 'number' ? value : fail(`${what} must be a number, got ${describe(value)}`);
}

/** Plain data for JSON: struct instances become their fields. */
function jsonReady(value: unknown): unknown {
  if (value instanceof StructValue) return jsonReady(value.fields);
  if (Array.isArray(value)) return value.map(jsonReady);
  if (isDict(value)) return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, jsonReady(field)]));
  return value ?? null;
}

function parseJson(source: unknown): unknown {
  try {
    return JSON.parse(text(source, 'std.json.parse input'));
  } catch (error) {
    return fail(`invalid JSON: ${(error as Error).message}`);
  }
}

const json: Namespace = {
  parse: parseJson,
  json_parse: parseJson,
  stringify: (value, indent) => JSON.stringify(jsonReady(value), null, typeof indent === 'number' ? indent : undefined),
  json_stringify: (value) => JSON.stringify(jsonReady(value)),
  get: (value, path) => text(path, 'the path').split('.').reduce<unknown>((current, key) => member(current, key), value),
};

function readText(path: unknown): string {
  const file = text(path, 'the path');
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    return fail(`cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function writeText(path: unknown, content: unknown): null {
  writeFileSync(text(path, 'the path'), display(content));
  return null;
}

const fs: Namespace = {
  file_read: readText,
  read: readText,
  file_write: writeText,
  write: writeText,
  file_append: (path, content) => {
    appendFileSync(text(path, 'the path'), display(content));
    return null;
  },
  file_exists: (path) => existsSync(text(path, 'the path')),
  exists: (path) => existsSync(text(path, 'the path')),
  file_list: (path) => readdirSync(text(path ?? '.', 'the directory')).sort(),
  file_delete: (path) => {
    rmSync(text(path, 'the path'));
    return null;
  },
};

const time: Namespace = {
  now: () => new Date().toISOString(),
  time_now: () => new Date().toISOString(),
  timestamp: () => Math.floor(Date.now() / MS_PER_SECOND),
  time_timestamp: () => Math.floor(Date.now() / MS_PER_SECOND),
  sleep: async (seconds) => {
    await delay(number(seconds, 'the seconds') * MS_PER_SECOND);
    return null;
  },
  diff: (start, end) => (Date.parse(text(end, 'the end time')) - Date.parse(text(start, 'the start time'))) / MS_PER_SECOND,
  format: (iso, pattern) => formatTime(new Date(iso === undefined || iso === null ? Date.now() : text(iso, 'the time')), pattern === undefined ? '%Y-%m-%d %H:%M:%S' : text(pattern, 'the format')),
};

function formatTime(date: Date, pattern: string): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const fields: Readonly<Record<string, string>> = {
    Y: String(date.getFullYear()), m: pad(date.getMonth() + 1), d: pad(date.getDate()),
    H: pad(date.getHours()), M: pad(date.getMinutes()), S: pad(date.getSeconds()),
  };
  return pattern.replace(/%([YmdHMS])/g, (_match, field: string) => fields[field]);
}

const math: Namespace = {
  abs: (value) => Math.abs(number(value, 'the value')),
  floor: (value) => Math.floor(number(value, 'the value')),
  ceil: (value) => Math.ceil(number(value, 'the value')),
  round: (value) => Math.round(number(value, 'the value')),
  sqrt: (value) => Math.sqrt(number(value, 'the value')),
  pow: (base, exponent) => number(base, 'the base') ** number(exponent, 'the exponent'),
  min: (...values) => Math.min(...values.flat().map((value) => number(value, 'each value'))),
  max: (...values) => Math.max(...values.flat().map((value) => number(value, 'each value'))),
  random: () => Math.random(),
  pi: () => Math.PI,
};

const textFunctions: Namespace = {
  upper: (value) => text(value, 'the text').toUpperCase(),
  lower: (value) => text(value, 'the text').toLowerCase(),
  trim: (value) => text(value, 'the text').trim(),
  split: (value, separator) => text(value, 'the text').split(separator === undefined ? /\s+/ : text(separator, 'the separator')),
  replace: (value, from, to) => text(value, 'the text').split(text(from, 'the text to replace')).join(display(to)),
  contains: (value, part) => text(value, 'the text').includes(text(part, 'the text to find')),
  length: (value) => text(value, 'the text').length,
  join: (items, separator) => (Array.isArray(items) ? items.map(display).join(separator === undefined ? '' : text(separator, 'the separator')) : fail(`join needs a list, got ${describe(items)}`)),
};

const regex: Namespace = {
  match: (pattern, value) => new RegExp(text(pattern, 'the pattern')).test(text(value, 'the text')),
  find_all: (pattern, value) => [...text(value, 'the text').matchAll(new RegExp(text(pattern, 'the pattern'), 'g'))].map((match) => match[0]),
  replace: (pattern, value, replacement) => text(value, 'the text').replace(new RegExp(text(pattern, 'the pattern'), 'g'), display(replacement)),
};

const hash: Namespace = {
  md5: (value) => createHash('md5').update(display(value)).digest('hex'),
  sha256: (value) => createHash('sha256').update(display(value)).digest('hex'),
  base64_encode: (value) => Buffer.from(display(value)).toString('base64'),
  base64_decode: (value) => Buffer.from(text(value, 'the text'), 'base64').toString('utf8'),
};

const SELF_CONTAINED: Readonly<Record<string, Namespace>> = { json, fs, time, math, text: textFunctions, string: textFunctions, regex, hash, http };

/** A namespace whose every function reports that Loom does not run it yet. */
function unsupportedNamespace(name: string): Namespace {
  const refuse = (property: string | symbol): StdFunction => () => fail(`std.${name}.${String(property)}: not supported yet by loom run`);
  return new Proxy({}, {
    get: (_target, property) => refuse(property),
    getOwnPropertyDescriptor: (_target, property) => ({ configurable: true, enumerable: true, writable: false, value: refuse(property) }),
  });
}

/** `env` is the program's environment: std.shell reads its opt-in and PATH there. */
export function createStd(env: NodeJS.ProcessEnv): Readonly<Record<string, Namespace>> {
  const std: Record<string, Namespace> = { ...SELF_CONTAINED, shell: createShell(env) };
  for (const name of STD_NAMESPACES) std[name] ??= unsupportedNamespace(name);
  return std;
}
