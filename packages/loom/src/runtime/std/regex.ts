/** `std.regex`: JavaScript regular expressions over text; `find_all` and `replace` work globally. */
import { fail } from '../core/script-error.js';
import { display } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

const regex: StdFunctionsOf<'regex'> = {
  match: (pattern, value) => new RegExp(text(pattern, 'the pattern')).test(text(value, 'the text')),
  find_all: (pattern, value) => [...text(value, 'the text').matchAll(new RegExp(text(pattern, 'the pattern'), 'g'))].map((match) => match[0]),
  replace: (pattern, value, replacement) => text(value, 'the text').replace(new RegExp(text(pattern, 'the pattern'), 'g'), display(replacement)),
  // The reference's names: every match with its count, and a replacement written before the text.
  regex_match: (pattern, value, flags) => {
    const matches = [...text(value, 'the text').matchAll(compile(pattern, flags, 'g'))].map((match) => match[0]);
    return { matches, count: matches.length };
  },
  regex_replace: (pattern, replacement, value, flags) => text(value, 'the text').replace(compile(pattern, flags, 'g'), display(replacement)),
};

/** The flags the reference documents (`i`, `m`, `s`), plus the ones a function needs. */
function compile(pattern: unknown, flags: unknown, needed: string): RegExp {
  const written = flags === undefined || flags === null ? '' : text(flags, 'the flags');
  const unknown = [...written].filter((flag) => !'ims'.includes(flag));
  if (unknown.length > 0) return fail(`regex flags are i, m and s, got '${unknown.join('')}'`);
  return new RegExp(text(pattern, 'the pattern'), [...new Set(written + needed)].join(''));
}

export const regexNamespace: StdNamespace<'regex'> = {
  create: () => regex,
  parameters: { regex_match: ['pattern', 'text', 'flags'], regex_replace: ['pattern', 'replacement', 'text', 'flags'] },
  tools: {
    match: { description: 'Whether a regular expression matches text', parameters: { pattern: 'string', text: 'string' } },
    find_all: { description: 'Every match of a regular expression in text', parameters: { pattern: 'string', text: 'string' } },
  },
};
