/**
 * The agent properties Loom honours and what each accepts. A property outside this table is a
 * diagnostic, never silently ignored. Only literal values are judged; a computed value is
 * checked when the agent runs.
 */
import type { Expression } from '../syntax/ast.js';
import type { LoomType } from './types.js';
import { TOOL_CALL_STRATEGIES } from '../language/tool-call-strategy.js';

export interface PropertyRule {
  /** The literal types the property accepts. */
  readonly type: LoomType;
  /** What it expects, for messages: `a number of seconds`. */
  readonly expects: string;
  /** Further checks on a literal of the right type, given the property's name. */
  readonly validate?: (literal: Expression, property: string) => readonly ValueProblem[];
}

/** What is wrong with a literal (or one element of a list literal), as a complete message. */
export interface ValueProblem {
  readonly literal: Expression;
  readonly message: string;
  readonly hint?: string;
}

/** Providers reject sampling temperatures above this (OpenAI's upper bound, the widest). */
const TEMPERATURE_MAX = 2;

const STRING: LoomType = { kind: 'primitive', name: 'str' };
const INT: LoomType = { kind: 'primitive', name: 'int' };
const NUMBER: LoomType = { kind: 'primitive', name: 'float' };
const BOOL: LoomType = { kind: 'primitive', name: 'bool' };

const text: PropertyRule = { type: STRING, expects: 'a string' };
/** Shared with job options (check/jobs.ts), as are `count` and `text`. */
export const seconds: PropertyRule = { type: NUMBER, expects: 'a number of seconds', validate: atLeast(0, 'exclusive') };
const delaySeconds: PropertyRule = { type: NUMBER, expects: 'a number of seconds', validate: atLeast(0, 'inclusive') };
export const count: PropertyRule = { type: INT, expects: 'a whole number', validate: atLeast(0, 'inclusive') };
const positiveCount: PropertyRule = { type: INT, expects: 'a whole number', validate: atLeast(0, 'exclusive') };
const flag: PropertyRule = { type: BOOL, expects: 'true or false' };
const STRATEGY_WORDS = TOOL_CALL_STRATEGIES.map((word) => `"${word}"`).join(', ');
const model: PropertyRule = { type: STRING, expects: "a model name such as 'openai/gpt-4o'", validate: providerPrefixProblem };

export const AGENT_PROPERTY_RULES: ReadonlyMap<string, PropertyRule> = new Map<string, PropertyRule>([
  ['role', text],
  ['prompt', text],
  ['description', text],
  ['model', model],
  ['fallback', {
    type: { kind: 'union', members: [STRING, { kind: 'list', element: STRING }] },
    expects: 'a model name or a list of model names',
    validate: (literal) =>
      literal.kind === 'ListLiteral'
        ? literal.elements.flatMap((element) => (element.kind === 'SpreadElement' ? [] : providerPrefixProblem(element)))
        : providerPrefixProblem(literal),
  }],
  ['timeout', seconds],
  ['retry', count],
  ['retry_delay', delaySeconds],
  ['max_tokens', positiveCount],
  ['max_history_turns', count],
  ['cache', flag],
  ['cache_ttl', seconds],
  ['tool_timeout', seconds],
  ['temperature', {
    type: NUMBER,
    expects: `a number from 0 to ${TEMPERATURE_MAX}`,
    validate: (literal, property) => {
      const value = numericValue(literal);
      const outOfRange = value !== null && (value < 0 || value > TEMPERATURE_MAX);
      return outOfRange ? [{ literal, message: `'${property}' must be between 0 and ${TEMPERATURE_MAX}` }] : [];
    },
  }],
  ['memory', { type: { kind: 'union', members: [STRING, BOOL] }, expects: 'a memory mode string or true/false' }],
  // A Markdown file of long-term memory, read at compile time (check/experience.ts).
  ['experience', { type: STRING, expects: 'the path of a Markdown file' }],
  ['stream', flag],
  ['output_format', text],
  ['max_tool_calls', count],
  ['tool_call_strategy', {
    type: STRING,
    expects: `one of ${STRATEGY_WORDS}`,
    validate: (literal, property) =>
      literal.kind !== 'StringLiteral' || (TOOL_CALL_STRATEGIES as readonly string[]).includes(literal.value)
        ? []
        : [{ literal, message: `'${property}' is one of ${STRATEGY_WORDS}, not "${literal.value}"` }],
  }],
]);

const MODEL_WITH_PROVIDER = /^[A-Za-z0-9][A-Za-z0-9_.-]*\/\S+$/;

/** Well-known model families, to suggest the provider a bare model name needs. */
const PROVIDER_BY_MODEL_PREFIX: readonly (readonly [string, string])[] = [
  ['gpt', 'openai'],
  ['o1', 'openai'],
  ['o3', 'openai'],
  ['o4', 'openai'],
  ['claude', 'anthropic'],
  ['deepseek', 'deepseek'],
  ['llama', 'ollama'],
];

/** `model: "gpt-4"` must say whose model it is: `"openai/gpt-4"`. */
function providerPrefixProblem(literal: Expression): ValueProblem[] {
  if (literal.kind !== 'StringLiteral' || MODEL_WITH_PROVIDER.test(literal.value)) return [];
  const name = literal.value;
  return [{
    literal,
    message: `model '${name}' has no provider prefix`,
    hint: `write models as 'provider/model', e.g. '${suggestedModel(name)}'; built-in providers are openai, anthropic, ollama and deepseek`,
  }];
}

function suggestedModel(name: string): string {
  // `minimax:minimax-m2.5` already names its provider, with the wrong separator.
  const separator = name.search(/[:\s]/);
  if (separator > 0) return `${name.slice(0, separator)}/${name.slice(separator + 1).trim()}`;
  const provider = PROVIDER_BY_MODEL_PREFIX.find(([prefix]) => name.toLowerCase().startsWith(prefix))?.[1];
  return `${provider ?? '<provider>'}/${name}`;
}

function atLeast(bound: number, kind: 'inclusive' | 'exclusive'): (literal: Expression, property: string) => ValueProblem[] {
  return (literal, property) => {
    const value = numericValue(literal);
    if (value === null) return [];
    const ok = kind === 'inclusive' ? value >= bound : value > bound;
    if (ok) return [];
    const requirement = kind === 'inclusive' ? `must not be less than ${bound}` : `must be greater than ${bound}`;
    return [{ literal, message: `'${property}' ${requirement}` }];
  };
}

function numericValue(literal: Expression): number | null {
  if (literal.kind === 'NumberLiteral') return literal.value;
  if (literal.kind === 'UnaryExpression' && literal.operator === '-' && literal.operand.kind === 'NumberLiteral') {
    return -literal.operand.value;
  }
  return null;
}
