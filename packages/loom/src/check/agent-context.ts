/**
 * An agent's `context { ... }` block (language/agent-context.ts). Its values are literals:
 * `source`/`sink` one of their words or `"shared:NAME"`, `inherit` a list of the inheritable
 * fields, `max_history_turns` a whole number, and `input_schema`/`output_schema` the name of a
 * protocol (the resolver reports a name that is none: E001/E002). Anything else is E002, a
 * setting given twice E005. (The block's `output_schema` is one of the places naming the
 * protocol of the agent's reply: check/agent-output.ts; pipelines: check/pipeline-context.ts.)
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { AgentDeclaration, Expression, Identifier, Property } from '../syntax/ast.js';
import type { Span } from '../language/span.js';
import {
  CONTEXT_PROPERTY, CONTEXT_SETTINGS, INHERITABLE_FIELDS, isInheritableField, SCHEMA_SETTINGS, SHARED_PREFIX, SINK_WORDS, SOURCE_WORDS,
} from '../language/agent-context.js';
import type { ContextSetting, ContextSpec } from '../language/agent-context.js';
import { suggestionHint } from '../language/suggest.js';
import { count } from './agent-properties.js';
import { duplicateMembers } from './members.js';
import { settingValueProblems } from './setting-values.js';

/** The `context` property of an agent, if it has one. */
export function contextProperty(agent: AgentDeclaration): Property | undefined {
  return agent.members.find((member): member is Property => member.kind === 'Property' && member.name.name === CONTEXT_PROPERTY);
}

/** The value of one setting of the agent's context block, when the block sets it. */
export function contextSetting(agent: AgentDeclaration, setting: ContextSetting): Expression | undefined {
  const block = contextProperty(agent)?.value;
  if (block?.kind !== 'PropertyBlock') return undefined;
  const value = block.properties.find((property) => property.name.name === setting)?.value;
  return value === undefined || value.kind === 'PropertyBlock' ? undefined : value;
}

/** The text of a word value, bare (`upstream`) or quoted (`"upstream"`). */
export function wordValue(value: Expression): string | undefined {
  if (value.kind === 'Identifier') return value.name;
  return value.kind === 'StringLiteral' ? value.value : undefined;
}

/** The agent's context block as the runtime reads it (its values are literals: checkAgentContext). */
export function readContextSpec(agent: AgentDeclaration): ContextSpec | undefined {
  if (contextProperty(agent)?.value.kind !== 'PropertyBlock') return undefined;
  const word = (setting: 'source' | 'sink' | 'input_schema'): string | undefined => {
    const value = contextSetting(agent, setting);
    return value === undefined ? undefined : wordValue(value);
  };
  const inherit = contextSetting(agent, 'inherit');
  const turns = contextSetting(agent, 'max_history_turns');
  const inputSchema = word('input_schema');
  return {
    source: word('source') ?? SOURCE_WORDS[0],
    sink: word('sink') ?? SINK_WORDS[0],
    inherit: inherit?.kind === 'ListLiteral' ? inherit.elements.map((element) => (element.kind === 'SpreadElement' ? undefined : wordValue(element))).filter(isInheritableField) : [],
    ...(turns?.kind === 'NumberLiteral' ? { max_history_turns: turns.value } : {}),
    ...(inputSchema === undefined ? {} : { input_schema: inputSchema }),
  };
}

export function checkAgentContext(agent: AgentDeclaration): Diagnostic[] {
  const property = contextProperty(agent);
  if (property === undefined) return [];
  const block = property.value;
  if (block.kind !== 'PropertyBlock') {
    return [diagnostic('E002', block.span, `'${CONTEXT_PROPERTY}' is a block of settings, not a value`, {
      hint: 'write it without a colon: context { source: upstream, inherit: [messages], output_schema: MyProtocol }',
    })];
  }
  return [
    ...duplicateMembers(block.properties, 'setting', `the context block of agent '${agent.name.name}'`),
    ...block.properties.flatMap((setting) => settingProblems(agent, setting)),
  ];
}

function isContextSetting(name: string): name is ContextSetting {
  return (CONTEXT_SETTINGS as readonly string[]).includes(name);
}

function settingProblems(agent: AgentDeclaration, setting: Property): Diagnostic[] {
  const name = setting.name.name;
  if (!isContextSetting(name)) {
    return [diagnostic('E002', setting.name.span, `context blocks have no setting '${name}'`, {
      hint: suggestionHint(name, CONTEXT_SETTINGS) ?? `the settings are ${CONTEXT_SETTINGS.join(', ')}`,
    })];
  }
  const { value } = setting;
  if (value.kind === 'PropertyBlock') return [mismatch(value, name, 'a block')];
  switch (name) {
    case 'source':
      return wordProblems(value, name, SOURCE_WORDS);
    case 'sink':
      return wordProblems(value, name, SINK_WORDS);
    case 'inherit':
      return inheritProblems(value);
    case 'max_history_turns':
      return value.kind === 'NumberLiteral' ? settingValueProblems(name, count, value) : [mismatch(value, name, 'a whole number')];
    case 'input_schema':
    case 'output_schema':
      return schemaProblems(name, value);
  }
}

function mismatch(value: { readonly span: Span }, setting: string, expects: string, hint?: string): Diagnostic {
  return diagnostic('E002', value.span, `the context setting '${setting}' expects ${expects}`, { hint });
}

function wordProblems(value: Expression, setting: string, words: readonly string[]): Diagnostic[] {
  const word = wordValue(value);
  const shared = word?.startsWith(SHARED_PREFIX) === true && word.length > SHARED_PREFIX.length;
  // `shared:NAME` has a colon, so it can only be written quoted.
  if (word !== undefined && (words.includes(word) || (shared && value.kind === 'StringLiteral'))) return [];
  return [mismatch(value, setting, `${words.join(' or ')}, or "${SHARED_PREFIX}NAME"`)];
}

function inheritProblems(value: Expression): Diagnostic[] {
  const expects = `a list of ${INHERITABLE_FIELDS.join(', ')}`;
  if (value.kind !== 'ListLiteral') return [mismatch(value, 'inherit', expects, `e.g. inherit: [${INHERITABLE_FIELDS[0]}]`)];
  return value.elements.flatMap((element) => {
    return isInheritableField(element.kind === 'SpreadElement' ? undefined : wordValue(element)) ? [] : [mismatch(element, 'inherit', expects)];
  });
}

/** A protocol name; whether it names a protocol is the resolver's, agreeing with the agent's other output protocols check/agent-output.ts's. */
function schemaProblems(setting: string, value: Expression): Diagnostic[] {
  if (value.kind === 'Identifier') return [];
  const hint = value.kind === 'StringLiteral' ? `name the protocol without quotes: ${setting}: ${value.value}` : undefined;
  return [mismatch(value, setting, 'the name of a protocol', hint)];
}

/** The names of the context settings holding a protocol name, for the resolver to resolve. */
export function schemaNames(agent: AgentDeclaration): Identifier[] {
  const block = contextProperty(agent)?.value;
  if (block?.kind !== 'PropertyBlock') return [];
  return block.properties
    .filter((property) => SCHEMA_SETTINGS.has(property.name.name as ContextSetting))
    .flatMap((property) => (property.value.kind === 'Identifier' ? [property.value] : []));
}
