/**
 * Job declarations, checked like agents: both forms of the Nexa docs —
 *
 *     job Mail on "emails" (retry: 3, timeout: 60, backoff: "exponential") {
 *         perform(user) { ... }
 *         on_failure(error, attempt) { ... }
 *     }
 *     job Mail { handler: SendMail, retry: 3, timeout: 60, on_failure: MailFailed }
 *
 * Every option must be one a job has (E002 otherwise, with a suggestion), with a value of the
 * right kind, set once (E005); a job says what it does with `perform(...)` or `handler:` (E003);
 * `handler:` and `on_failure:` name flows. Handler bodies are resolved and type-checked like any
 * function body by the other passes.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Expression, Identifier, JobDeclaration, PropertyBlock } from '../syntax/ast.js';
import type { Span } from '../language/span.js';
import { suggestionHint } from '../language/suggest.js';
import type { PropertyRule } from './agent-properties.js';
import { count, seconds } from './agent-properties.js';
import type { GlobalTable } from './binder.js';
import { KIND_PHRASES } from './binder.js';
import { formatPosition } from './positions.js';
import { settingValueProblems } from './setting-values.js';

/** What an option's value must be: a setting value, a word from a fixed set, or a flow's name. */
type OptionRule =
  | { readonly kind: 'setting'; readonly rule: PropertyRule }
  /** Written bare (`priority: critical`) or quoted (`backoff: "linear"`). */
  | { readonly kind: 'word'; readonly words: readonly string[] }
  | { readonly kind: 'flow' };

const JOB_OPTION_RULES: ReadonlyMap<string, OptionRule> = new Map<string, OptionRule>([
  ['retry', { kind: 'setting', rule: count }],
  ['timeout', { kind: 'setting', rule: seconds }],
  ['backoff', { kind: 'word', words: ['fixed', 'linear', 'exponential'] }],
  ['priority', { kind: 'word', words: ['low', 'normal', 'high', 'critical'] }],
  ['handler', { kind: 'flow' }],
  ['on_failure', { kind: 'flow' }],
]);

const JOB_OPTIONS: readonly string[] = [...JOB_OPTION_RULES.keys()];
const JOB_HANDLERS: readonly string[] = ['perform', 'on_failure'];

interface Option {
  readonly name: Identifier;
  readonly value: Expression | PropertyBlock;
}

export function checkJob(job: JobDeclaration, globals: GlobalTable): Diagnostic[] {
  const options: Option[] = [
    ...job.options.flatMap((argument) => (argument.name === null ? [] : [{ name: argument.name, value: argument.value }])),
    ...job.properties.map((property) => ({ name: property.name, value: property.value })),
  ];
  const diagnostics: Diagnostic[] = job.options
    .filter((argument) => argument.name === null)
    .map((argument) => diagnostic('E002', argument.span, 'a job option is written `name: value`', {
      hint: `job options are ${JOB_OPTIONS.join(', ')}`,
    }));
  const seen = new Map<string, Option>();
  for (const option of options) {
    const name = option.name.name;
    if (name === '') continue;
    const first = seen.get(name);
    if (first !== undefined) {
      diagnostics.push(duplicate(job, option.name.span, first.name.span, name));
      continue;
    }
    seen.set(name, option);
    diagnostics.push(...optionProblems(option, globals));
  }
  const handlers = new Map<string, Span>();
  for (const handler of job.handlers) {
    const name = handler.name.name;
    const first = handlers.get(name);
    if (!JOB_HANDLERS.includes(name)) {
      diagnostics.push(diagnostic('E002', handler.name.span, `jobs have no handler '${name}'`, {
        hint: suggestionHint(name, JOB_HANDLERS) ?? `a job's handlers are ${JOB_HANDLERS.join(' and ')}`,
      }));
    } else if (first !== undefined) {
      diagnostics.push(duplicate(job, handler.name.span, first, name));
    } else {
      handlers.set(name, handler.name.span);
    }
    const optionForm = seen.get(name);
    if (name === 'on_failure' && optionForm !== undefined) diagnostics.push(duplicate(job, handler.name.span, optionForm.name.span, name));
  }
  const perform = handlers.get('perform');
  const handlerOption = seen.get('handler');
  if (perform === undefined && handlerOption === undefined && job.name.name !== '') {
    diagnostics.push(diagnostic('E003', job.name.span, `job '${job.name.name}' declares neither 'perform(...)' nor 'handler'`, {
      hint: 'add `perform(args) { ... }` to the body, or `handler: SomeFlow`',
    }));
  } else if (perform !== undefined && handlerOption !== undefined) {
    diagnostics.push(duplicate(job, handlerOption.name.span, perform, 'perform'));
  }
  return diagnostics;
}

function optionProblems(option: Option, globals: GlobalTable): Diagnostic[] {
  const name = option.name.name;
  const rule = JOB_OPTION_RULES.get(name);
  if (rule === undefined) {
    return [diagnostic('E002', option.name.span, `jobs have no option '${name}'`, {
      hint: suggestionHint(name, JOB_OPTIONS) ?? `job options are ${JOB_OPTIONS.join(', ')}`,
    })];
  }
  switch (rule.kind) {
    case 'setting':
      return settingValueProblems(name, rule.rule, option.value);
    case 'word':
      return wordProblems(name, rule.words, option.value);
    case 'flow':
      return flowOptionProblems(name, option.value, globals);
  }
}

/** `backoff: exponential` and `backoff: "exponential"` are the same; anything else is E002. */
function wordProblems(name: string, words: readonly string[], value: Expression | PropertyBlock): Diagnostic[] {
  const word = value.kind === 'Identifier' ? value.name : value.kind === 'StringLiteral' ? value.value : null;
  if (word !== null && words.includes(word)) return [];
  return [diagnostic('E002', value.span, `'${name}' expects one of ${words.map((candidate) => `'${candidate}'`).join(', ')}`, {
    hint: word === null ? undefined : suggestionHint(word, words),
  })];
}

/** `handler: SendMail` names a flow the program declares. */
function flowOptionProblems(name: string, value: Expression | PropertyBlock, globals: GlobalTable): Diagnostic[] {
  if (value.kind !== 'Identifier') {
    return [diagnostic('E002', value.span, `'${name}' expects the name of a flow`)];
  }
  const symbol = globals.lookup(value.name);
  if (symbol === undefined) {
    const flows = [...globals.all()].filter((candidate) => candidate.kind === 'flow').map((candidate) => candidate.name);
    return [diagnostic('E001', value.span, undefined, { subject: `'${value.name}'`, hint: suggestionHint(value.name, flows) })];
  }
  if (symbol.kind === 'flow') return [];
  return [diagnostic('E002', value.span, `'${name}' expects a flow, but '${value.name}' is ${KIND_PHRASES[symbol.kind]}`)];
}

function duplicate(job: JobDeclaration, span: Span, first: Span, name: string): Diagnostic {
  return diagnostic('E005', span, undefined, {
    subject: `of '${name}' in job '${job.name.name}'`,
    hint: `'${name}' is already set at ${formatPosition(first)}`,
  });
}
