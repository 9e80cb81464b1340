/** `std.text`, also spelled `std.string`: case, trimming, splitting, replacing and joining text. */
import { fail } from '../core/script-error.js';
import { describe, display } from '../core/values.js';
import { number, text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

const upper = (value: unknown): string => text(value, 'the text').toUpperCase();
const lower = (value: unknown): string => text(value, 'the text').toLowerCase();

const textFunctions: StdFunctionsOf<'text'> = {
  upper,
  lower,
  trim: (value) => text(value, 'the text').trim(),
  split: (value, separator) => text(value, 'the text').split(separator === undefined ? /\s+/ : text(separator, 'the separator')),
  replace: (value, from, to) => text(value, 'the text').split(text(from, 'the text to replace')).join(display(to)),
  contains: (value, part) => text(value, 'the text').includes(text(part, 'the text to find')),
  length: (value) => text(value, 'the text').length,
  // The reference's names and results: split gives {parts, count}; a count of -1 means every occurrence.
  text_split: (value, delimiter, maxSplits) => {
    const parts = splitAtMost(text(value, 'the text'), delimiter === undefined || delimiter === null ? '\n' : text(delimiter, 'the delimiter'), optionalCount(maxSplits, 'max_splits'));
    return { parts, count: parts.length };
  },
  text_replace: (value, from, to, count) => replaceAtMost(text(value, 'the text'), text(from, 'the text to replace'), display(to), optionalCount(count, 'count')),
  text_upper: upper,
  text_lower: lower,
  join: (items, separator) => (Array.isArray(items) ? items.map(display).join(separator === undefined ? '' : text(separator, 'the separator')) : fail(`join needs a list, got ${describe(items)}`)),
};

/** A count argument: absent, null or any negative number is "no limit". */
function optionalCount(value: unknown, what: string): number {
  if (value === undefined || value === null) return Infinity;
  const count = number(value, `the ${what}`);
  return count < 0 ? Infinity : count;
}

/** Python's str.split(sep, maxsplit): at most `limit` splits, the rest left in the last part. */
function splitAtMost(value: string, delimiter: string, limit: number): string[] {
  if (delimiter === '') return fail('the delimiter must not be empty');
  const parts = value.split(delimiter);
  return parts.length - 1 <= limit ? parts : [...parts.slice(0, limit), parts.slice(limit).join(delimiter)];
}

/** Python's str.replace(old, new, count): the first `limit` occurrences. */
function replaceAtMost(value: string, from: string, to: string, limit: number): string {
  const parts = value.split(from);
  if (parts.length - 1 <= limit) return parts.join(to);
  return parts.slice(0, limit + 1).join(to) + from + parts.slice(limit + 1).join(from);
}

export const textNamespace: StdNamespace<'text'> = {
  create: () => textFunctions,
  parameters: {
    text_split: ['text', 'delimiter', 'max_splits'],
    text_replace: ['text', 'old', 'new', 'count'],
    text_upper: ['text'],
    text_lower: ['text'],
  },
  tools: {
    upper: { description: 'Convert text to upper case', parameters: { text: 'string' } },
    lower: { description: 'Convert text to lower case', parameters: { text: 'string' } },
    trim: { description: 'Remove leading and trailing whitespace', parameters: { text: 'string' } },
    split: { description: 'Split text at a separator', parameters: { text: 'string', separator: 'string' } },
    replace: { description: 'Replace every occurrence of a substring', parameters: { text: 'string', from: 'string', to: 'string' } },
    contains: { description: 'Whether text contains a substring', parameters: { text: 'string', part: 'string' } },
    length: { description: 'Number of characters in text', parameters: { text: 'string' } },
  },
};
