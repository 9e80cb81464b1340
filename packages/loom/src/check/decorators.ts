/**
 * Decorators. On agents, `@limit`, `@timeout`, `@retry` and `@temperature` are another way to
 * write a property, so they are read into the same settings and checked by the same rules.
 * On functions `@tool("description", risk_level: "high", requires_approval: true)` registers a
 * tool (its options: language/harness.ts). Any other decorator, or an argument a
 * decorator does not take, is reported rather than dropped: an unknown decorator is a name
 * nothing declares (E001), a wrong argument a mismatch with what the decorator accepts (E002).
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Argument, Decorator, Expression } from '../syntax/ast.js';
import { suggestionHint } from '../language/suggest.js';
import { RISK_LEVELS, TOOL_OPTIONS, TOOL_SANDBOX_OPTION } from '../language/harness.js';

/** An agent setting written as a decorator: `@timeout(seconds=30)` sets `timeout`. */
export interface DecoratorSetting {
  readonly property: string;
  readonly value: Expression;
  readonly decorator: Decorator;
}

interface AgentDecoratorRule {
  readonly property: string;
  /** Accepted argument names; the first is the documented one, the others are aliases. */
  readonly argumentNames: readonly string[];
}

const AGENT_DECORATORS: ReadonlyMap<string, AgentDecoratorRule> = new Map([
  ['limit', { property: 'max_tokens', argumentNames: ['max_tokens'] }],
  ['timeout', { property: 'timeout', argumentNames: ['seconds'] }],
  // The reference documents `count`; the Nexa examples write `max_attempts`.
  ['retry', { property: 'retry', argumentNames: ['count', 'max_attempts'] }],
  ['temperature', { property: 'temperature', argumentNames: ['value'] }],
]);

const TOOL_DECORATOR = 'tool';
const TOOL_DESCRIPTION_ARGUMENT = 'description';

/** An agent's decorators read as settings, with what is wrong about them. */
export interface AgentDecorators {
  readonly settings: readonly DecoratorSetting[];
  readonly diagnostics: readonly Diagnostic[];
}

export function readAgentDecorators(decorators: readonly Decorator[]): AgentDecorators {
  const settings: DecoratorSetting[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const decorator of decorators) {
    const rule = AGENT_DECORATORS.get(decorator.name.name);
    if (!rule) {
      diagnostics.push(unknownDecorator(decorator, 'agents', [...AGENT_DECORATORS.keys()]));
      continue;
    }
    const usage = `@${decorator.name.name}(${rule.argumentNames[0]}=...)`;
    const args = decorator.arguments ?? [];
    const [only, ...extra] = args;
    if (!only) {
      diagnostics.push(argumentMismatch(`'@${decorator.name.name}' needs a value: write ${usage}`, decorator.span));
      continue;
    }
    const wrongName = args.find((arg) => arg.name !== null && !rule.argumentNames.includes(arg.name.name));
    if (wrongName?.name) {
      diagnostics.push(argumentMismatch(`'@${decorator.name.name}' has no argument '${wrongName.name.name}': write ${usage}`, wrongName.name.span));
      continue;
    }
    if (extra[0]) {
      diagnostics.push(argumentMismatch(`'@${decorator.name.name}' takes one argument: write ${usage}`, extra[0].span));
      continue;
    }
    settings.push({ property: rule.property, value: only.value, decorator });
  }
  return { settings, diagnostics };
}

/** Functions take `@tool("what it does", ...options)` and nothing else. */
export function checkFunctionDecorators(decorators: readonly Decorator[]): Diagnostic[] {
  return decorators.flatMap((decorator) => {
    if (decorator.name.name !== TOOL_DECORATOR) return [unknownDecorator(decorator, 'functions', [TOOL_DECORATOR])];
    return toolDecoratorProblems(decorator);
  });
}

/** Flows take no decorators. */
export function checkFlowDecorators(decorators: readonly Decorator[]): Diagnostic[] {
  return decorators.map((decorator) => unknownDecorator(decorator, 'flows', []));
}

function toolDecoratorProblems(decorator: Decorator): Diagnostic[] {
  const args = decorator.arguments ?? [];
  const description = args.find(isDescriptionArgument);
  const problems: Diagnostic[] = [];
  if (!description || !isStringLiteral(description.value)) {
    problems.push(argumentMismatch(`'@tool' needs a description string: write @tool("what the tool does")`, description?.value.span ?? decorator.span));
  }
  const seen = new Set<string>();
  for (const arg of args) {
    if (arg === description) continue;
    const option = arg.name === null ? undefined : TOOL_OPTIONS.get(arg.name.name);
    if (arg.name === null || option === undefined) {
      const label = arg.name ? `has no option '${arg.name.name}'` : 'takes one description';
      const hint = arg.name === null ? undefined : suggestionHint(arg.name.name, TOOL_OPTIONS.keys());
      problems.push(diagnostic('E002', (arg.name ?? arg.value).span, `'@tool' ${label} (it takes a description, ${[...TOOL_OPTIONS.keys()].join(', ')})`, hint === undefined ? {} : { hint }));
      continue;
    }
    if (seen.has(arg.name.name)) {
      problems.push(diagnostic('E005', arg.name.span, undefined, { subject: `of '@tool' option '${arg.name.name}'` }));
      continue;
    }
    seen.add(arg.name.name);
    problems.push(...toolOptionProblems(arg.name.name, option, arg.value));
  }
  return problems;
}

/** A `@tool` option's value: a literal of its kind (the runtime reads it as written). */
function toolOptionProblems(name: string, kind: 'risk' | 'flag' | 'text', value: Expression): Diagnostic[] {
  if (kind === 'flag') {
    if (value.kind !== 'BooleanLiteral') return [argumentMismatch(`'@tool' ${name} is true or false`, value.span)];
    if (name === TOOL_SANDBOX_OPTION && value.value) {
      return [diagnostic('E006', value.span, "'@tool' sandbox: true (Loom has no sandbox to run a tool in)", { hint: 'remove it, or write sandbox: false' })];
    }
    return [];
  }
  if (value.kind !== 'StringLiteral') return [argumentMismatch(`'@tool' ${name} is a string`, value.span)];
  if (kind === 'risk' && !(RISK_LEVELS as readonly string[]).includes(value.value)) {
    return [argumentMismatch(`'@tool' risk_level is one of ${RISK_LEVELS.join(', ')}, not '${value.value}'`, value.span)];
  }
  return [];
}

function isDescriptionArgument(arg: Argument): boolean {
  return arg.name === null || arg.name.name === TOOL_DESCRIPTION_ARGUMENT;
}

function isStringLiteral(value: Expression): boolean {
  return value.kind === 'StringLiteral' || value.kind === 'InterpolatedString';
}

function unknownDecorator(decorator: Decorator, target: string, known: readonly string[]): Diagnostic {
  const name = decorator.name.name;
  const suggestion = suggestionHint(name, known)?.replace(/'([^']+)'/, "'@$1'");
  const list = known.length > 0 ? `${target} take ${known.map((k) => `@${k}`).join(', ')}` : `${target} take no decorators`;
  return diagnostic('E001', decorator.name.span, `unknown decorator '@${name}'`, {
    hint: suggestion ? `${suggestion} (${list})` : list,
  });
}

function argumentMismatch(detail: string, span: Diagnostic['span']): Diagnostic {
  return diagnostic('E002', span, detail);
}
