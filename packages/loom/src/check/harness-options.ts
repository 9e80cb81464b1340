/**
 * The `name: value` options of `autoloop` and `with_context`, and the settings of a
 * `context_policy`: each must be one the form takes (language/harness.ts), named once, and a
 * literal value must be of its kind. A value computed at run time is checked when it runs.
 * A strategy is a name (`strategy: sliding_window`), never a variable, so it is read here.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { CONTEXT_WINDOW_OPTIONS, CONTEXT_WINDOW_STRATEGIES } from '../language/harness.js';
import type { HarnessOption, OptionKind } from '../language/harness.js';
import { suggestionHint } from '../language/suggest.js';
import type { Expression, PropertyBlock } from '../syntax/ast.js';
import { writtenName, writtenOptions } from '../syntax/written-names.js';
import type { WrittenOption } from '../syntax/written-names.js';

/**
 * `literalsOnly`: the values are not resolved as expressions (an agent's `context_policy`
 * property), so each must be a literal (or, for a strategy, a name).
 */
/** An agent's `context_policy: { max_tokens: ..., strategy: ... }`, written as a dict or a block. */
export function contextPolicyPropertyProblems(value: Expression | PropertyBlock): Diagnostic[] {
  if (value.kind !== 'DictLiteral' && value.kind !== 'PropertyBlock') {
    return [diagnostic('E002', value.span, 'context_policy is written { max_tokens: N, strategy: S, priority_tags: [...] }')];
  }
  return optionProblems('context_policy', writtenOptions(value), CONTEXT_WINDOW_OPTIONS, true);
}

export function optionProblems(form: string, written: readonly WrittenOption[], options: ReadonlyMap<string, HarnessOption>, literalsOnly = false): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const { name, value } of written) {
    if (name === null) {
      problems.push(diagnostic('E002', value.span, `${form} options are written name: value (${[...options.keys()].join(', ')})`));
      continue;
    }
    const option = options.get(name.name);
    if (option === undefined) {
      const suggestion = suggestionHint(name.name, options.keys());
      problems.push(diagnostic('E002', name.span, `${form} has no option '${name.name}'`, { hint: suggestion ?? `${form} takes ${[...options.keys()].join(', ')}` }));
      continue;
    }
    if (seen.has(name.name)) {
      problems.push(diagnostic('E005', name.span, undefined, { subject: `of ${form} option '${name.name}'` }));
      continue;
    }
    seen.add(name.name);
    if (value.kind === 'PropertyBlock') {
      problems.push(diagnostic('E002', value.span, `${form} ${name.name} is a value, not a block`));
      continue;
    }
    const problem = valueProblem(option.kind, value) ?? (literalsOnly && option.kind !== 'strategy' && !isLiteral(value) ? 'must be written as a literal here' : null);
    if (problem !== null) problems.push(diagnostic('E002', value.span, `${form} ${name.name} ${problem}`));
  }
  return problems;
}

/** What is wrong with a literal value of `kind`, or null; values computed at run time are checked there. */
function valueProblem(kind: OptionKind, value: Expression): string | null {
  switch (kind) {
    case 'count':
    case 'tokens': {
      const number = numberLiteral(value);
      if (number !== null) return Number.isInteger(number) && number >= 1 && value.kind === 'NumberLiteral' && value.unit === null ? null : 'must be a whole number of at least 1';
      return isOtherLiteral(value, 'NumberLiteral') ? 'must be a whole number of at least 1' : null;
    }
    case 'seconds': {
      const number = numberLiteral(value);
      if (number !== null) return number >= 0 ? null : 'must be a number of seconds, 0 or more';
      return isOtherLiteral(value, 'NumberLiteral') ? 'must be a number of seconds' : null;
    }
    case 'text':
      return isOtherLiteral(value, 'StringLiteral') ? 'must be text (a condition in quotes)' : null;
    case 'strategy': {
      const strategy = writtenName(value);
      if (strategy === null) return `must name a strategy: ${CONTEXT_WINDOW_STRATEGIES.join(', ')}`;
      if ((CONTEXT_WINDOW_STRATEGIES as readonly string[]).includes(strategy)) return null;
      const suggestion = suggestionHint(strategy, CONTEXT_WINDOW_STRATEGIES);
      return `'${strategy}' is not a strategy (${CONTEXT_WINDOW_STRATEGIES.join(', ')})${suggestion === undefined ? '' : `; ${suggestion}`}`;
    }
    case 'tags':
      if (value.kind !== 'ListLiteral') return isOtherLiteral(value, 'ListLiteral') ? 'must be a list of strings' : null;
      return value.elements.every((element) => !isOtherLiteral(element as Expression, 'StringLiteral')) ? null : 'must be a list of strings';
  }
}

/** The value of a number literal, also written negative (`-1`). */
function numberLiteral(value: Expression): number | null {
  if (value.kind === 'NumberLiteral') return value.value;
  if (value.kind === 'UnaryExpression' && value.operator === '-' && value.operand.kind === 'NumberLiteral') return -value.operand.value;
  return null;
}

const LITERAL_KINDS: ReadonlySet<string> = new Set(['NumberLiteral', 'StringLiteral', 'InterpolatedString', 'BooleanLiteral', 'NullLiteral', 'ListLiteral', 'DictLiteral']);

function isLiteral(value: Expression): boolean {
  if (value.kind === 'ListLiteral') return value.elements.every((element) => element.kind !== 'SpreadElement' && isLiteral(element));
  return LITERAL_KINDS.has(value.kind) || numberLiteral(value) !== null;
}

/** A literal of another kind than `expected` (an interpolated string counts as a string). */
function isOtherLiteral(value: Expression, expected: string): boolean {
  if (!LITERAL_KINDS.has(value.kind)) return false;
  if (expected === 'StringLiteral' && value.kind === 'InterpolatedString') return false;
  return value.kind !== expected;
}
