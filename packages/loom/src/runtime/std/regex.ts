/** `std.regex`: JavaScript regular expressions over text; `find_all` and `replace` work globally. */
import { display } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

const regex: StdFunctionsOf<'regex'> = {
  match: (pattern, value) => new RegExp(text(pattern, 'the pattern')).test(text(value, 'the text')),
  find_all: (pattern, value) => [...text(value, 'the text').matchAll(new RegExp(text(pattern, 'the pattern'), 'g'))].map((match) => match[0]),
  replace: (pattern, value, replacement) => text(value, 'the text').replace(new RegExp(text(pattern, 'the pattern'), 'g'), display(replacement)),
};

export const regexNamespace: StdNamespace<'regex'> = {
  create: () => regex,
  tools: {
    match: { description: 'Whether a regular expression matches text', parameters: { pattern: 'string', text: 'string' } },
    find_all: { description: 'Every match of a regular expression in text', parameters: { pattern: 'string', text: 'string' } },
  },
};
