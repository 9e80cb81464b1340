/**
 * The filters of template outputs (`{{name | trim | upper}}`), by the names of the Nexa
 * template reference, and the HTML escaping outputs get by default.
 */
import type { TemplateFilterName } from '../../language/template/filter-names.js';
import { display, equals, isDict, StructValue } from './values.js';

/** What a template variable the data lacks reads as, so that `default(...)` can replace it. */
export const MISSING = Symbol('missing');

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/**
 * The result of a filter that inserted text from its own arguments (join's separator,
 * replace's replacement, default's fallback): `html` is what the output shows, with the data
 * escaped and the template author's text as written; `value` is what a later filter works on,
 * whose result is then escaped as a whole like any other.
 */
export class AuthoredOutput {
  constructor(
    readonly value: unknown,
    readonly html: string,
  ) {}
}

export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [...value];
  return [value];
}

/** Nexa's default length for `truncate` without an argument. */
const DEFAULT_TRUNCATE_CHARS = 100;
const DEFAULT_INDENT_SPACES = 4;

type FilterFunction = (value: unknown, ...args: unknown[]) => unknown;

export const FILTERS: Readonly<Record<TemplateFilterName, FilterFunction>> = {
  upper: (value) => display(value).toUpperCase(),
  lower: (value) => display(value).toLowerCase(),
  capitalize: (value) => {
    const text = display(value);
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  trim: (value) => display(value).trim(),
  truncate: (value, length = DEFAULT_TRUNCATE_CHARS) => {
    const text = display(value);
    const limit = Number(length);
    // As Nexa's runtime does: the first `length` characters, then '...' (the mark is not counted).
    return text.length <= limit ? text : `${text.slice(0, Math.max(0, limit))}...`;
  },
  replace: (value, from = '', to = '') => {
    const pieces = display(value).split(display(from));
    return new AuthoredOutput(pieces.join(display(to)), pieces.map(escapeHtml).join(display(to)));
  },
  escape: (value) => escapeHtml(display(value)),
  raw: (value) => value,
  safe: (value) => value,
  default: (value, fallback = '') => (value === MISSING || value === null || value === undefined || value === '' ? new AuthoredOutput(fallback, display(fallback)) : value),
  length: (value) => (isDict(value) ? Object.keys(value).length : asList(value).length),
  first: (value) => asList(value)[0] ?? null,
  last: (value) => asList(value).at(-1) ?? null,
  reverse: (value) => (typeof value === 'string' ? [...value].reverse().join('') : [...asList(value)].reverse()),
  join: (value, separator = ', ') => {
    const items = asList(value).map(display);
    return new AuthoredOutput(items.join(display(separator)), items.map(escapeHtml).join(display(separator)));
  },
  slice: (value, start = 0, end) => (typeof value === 'string' ? value.slice(Number(start), end === undefined ? undefined : Number(end)) : asList(value).slice(Number(start), end === undefined ? undefined : Number(end))),
  json: (value) => JSON.stringify(value instanceof StructValue ? value.fields : value),
  number: (value, digits = 0) => Number(value).toFixed(Number(digits)),
  url_encode: (value) => encodeURIComponent(display(value)),
  strip_tags: (value) => display(value).replace(/<[^>]*>/g, ''),
  word_count: (value) => display(value).split(/\s+/).filter((word) => word !== '').length,
  line_count: (value) => display(value).split(/\r?\n/).length,
  indent: (value, spaces = DEFAULT_INDENT_SPACES) => display(value).split('\n').map((line) => ' '.repeat(Number(spaces)) + line).join('\n'),
  date: (value) => new Date(typeof value === 'number' || typeof value === 'string' ? value : Date.now()).toISOString().slice(0, 10),
  sort: (value) => [...asList(value)].sort((a, b) => (display(a) < display(b) ? -1 : display(a) > display(b) ? 1 : 0)),
  unique: (value) => asList(value).filter((item, position, all) => all.findIndex((other) => equals(other, item)) === position),
  abs: (value) => Math.abs(Number(value)),
  ceil: (value) => Math.ceil(Number(value)),
  floor: (value) => Math.floor(Number(value)),
};
