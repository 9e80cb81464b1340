/** `std.text`, also spelled `std.string`: case, trimming, splitting, replacing and joining text. */
import { fail } from '../core/script-error.js';
import { describe, display } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

const textFunctions: StdFunctionsOf<'text'> = {
  upper: (value) => text(value, 'the text').toUpperCase(),
  lower: (value) => text(value, 'the text').toLowerCase(),
  trim: (value) => text(value, 'the text').trim(),
  split: (value, separator) => text(value, 'the text').split(separator === undefined ? /\s+/ : text(separator, 'the separator')),
  replace: (value, from, to) => text(value, 'the text').split(text(from, 'the text to replace')).join(display(to)),
  contains: (value, part) => text(value, 'the text').includes(text(part, 'the text to find')),
  length: (value) => text(value, 'the text').length,
  join: (items, separator) => (Array.isArray(items) ? items.map(display).join(separator === undefined ? '' : text(separator, 'the separator')) : fail(`join needs a list, got ${describe(items)}`)),
};

export const textNamespace: StdNamespace<'text'> = {
  create: () => textFunctions,
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
