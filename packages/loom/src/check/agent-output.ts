/**
 * The protocol an agent's reply follows. Three places may name it: `implements P` in the header,
 * `output_schema: P` in the agent's context block, and the v2.1 agent property `output_schema`,
 * which also takes the fields themselves, `output_schema: { "steps": "string", ... }` (an
 * unnamed protocol; each type is read like a protocol field's, quoted). Whichever names it, the
 * reply is held to it the same way (runtime/agents/protocol.ts: re-asks, then E303). Two places
 * naming different protocols, or an inline schema beside a named one, is E002: the reply cannot
 * follow both.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { AgentDeclaration, DictEntry, Expression, Identifier, Property, StringType } from '../syntax/ast.js';
import { contextSetting } from './agent-context.js';

/** The v2.1 agent property. */
export const OUTPUT_SCHEMA_PROPERTY = 'output_schema';

/** One field of an inline `output_schema`, its type read as a quoted protocol field type. */
export interface InlineSchemaField {
  readonly name: string;
  readonly type: StringType;
}

export type OutputProtocol =
  | { readonly kind: 'declared'; readonly name: string }
  | { readonly kind: 'inline'; readonly fields: readonly InlineSchemaField[] };

/** Where an agent names the protocol of its reply, in the order they are weighed. */
interface OutputSource {
  readonly what: string;
  readonly value: Expression;
}

function outputSchemaProperty(agent: AgentDeclaration): Property | undefined {
  return agent.members.find((member): member is Property => member.kind === 'Property' && member.name.name === OUTPUT_SCHEMA_PROPERTY);
}

function outputSources(agent: AgentDeclaration): OutputSource[] {
  const sources: OutputSource[] = agent.implements.slice(0, 1).map((name) => ({ what: 'implements', value: name }));
  const inContext = contextSetting(agent, 'output_schema');
  if (inContext !== undefined) sources.push({ what: "its context block's output_schema", value: inContext });
  const property = outputSchemaProperty(agent)?.value;
  if (property !== undefined && property.kind !== 'PropertyBlock') sources.push({ what: 'its output_schema property', value: property });
  return sources;
}

/** The key of an inline schema entry: `"steps"` or `steps`. */
function entryName(entry: DictEntry): string | undefined {
  if (entry.key.kind === 'StringLiteral') return entry.key.value;
  return entry.key.kind === 'Identifier' ? entry.key.name : undefined;
}

/**
 * The fields of an inline `output_schema`, each with its type as a StringType node for the
 * type resolver to read (called once per agent, by the resolver, which keeps the nodes).
 */
export function inlineSchemaFields(agent: AgentDeclaration): InlineSchemaField[] | undefined {
  const value = outputSchemaProperty(agent)?.value;
  if (value?.kind !== 'DictLiteral') return undefined;
  return value.entries.flatMap((entry) => {
    const name = entryName(entry);
    return name === undefined || entry.value.kind !== 'StringLiteral' ? [] : [{ name, type: { kind: 'StringType' as const, text: entry.value.value, span: entry.value.span } }];
  });
}

/** The protocol names the agent's output sources give, for the resolver to check are protocols. */
export function outputProtocolNames(agent: AgentDeclaration): Identifier[] {
  return outputSources(agent).flatMap((source) => (source.value.kind === 'Identifier' ? [source.value] : []));
}

/** The protocol the agent's reply follows, given the inline schemas the resolver read. */
export function outputProtocol(agent: AgentDeclaration, inlineSchemas: ReadonlyMap<AgentDeclaration, readonly InlineSchemaField[]>): OutputProtocol | undefined {
  const [first] = outputSources(agent);
  if (first?.value.kind === 'Identifier') return { kind: 'declared', name: first.value.name };
  const inline = inlineSchemas.get(agent);
  return inline === undefined ? undefined : { kind: 'inline', fields: inline };
}

/** The name of the declared protocol the agent's reply follows, if one does. */
export function outputProtocolName(agent: AgentDeclaration): string | undefined {
  const [first] = outputSources(agent);
  return first?.value.kind === 'Identifier' ? first.value.name : undefined;
}

export function checkAgentOutput(agent: AgentDeclaration): Diagnostic[] {
  const diagnostics = outputSchemaValueProblems(agent);
  const [first, ...others] = outputSources(agent);
  if (first === undefined) return diagnostics;
  for (const other of others) {
    const same = first.value.kind === 'Identifier' && other.value.kind === 'Identifier' && first.value.name === other.value.name;
    if (same) continue;
    const followed = first.value.kind === 'Identifier' ? `'${first.value.name}' (${first.what})` : `the fields of ${first.what}`;
    diagnostics.push(diagnostic('E002', other.value.span, `agent '${agent.name.name}' already replies in ${followed}, so ${other.what} cannot name another protocol`, {
      hint: 'name one protocol for the reply, in one place',
    }));
  }
  return diagnostics;
}

/** The v2.1 property's own shape: a protocol name, or a dict of field names to quoted types. */
function outputSchemaValueProblems(agent: AgentDeclaration): Diagnostic[] {
  const value = outputSchemaProperty(agent)?.value;
  if (value === undefined || value.kind === 'Identifier') return [];
  const expects = `'${OUTPUT_SCHEMA_PROPERTY}' expects the name of a protocol or its fields, { "field": "type", ... }`;
  if (value.kind !== 'DictLiteral') return [diagnostic('E002', value.span, expects)];
  if (value.entries.length === 0) return [diagnostic('E002', value.span, `'${OUTPUT_SCHEMA_PROPERTY}' names no fields`)];
  return value.entries.flatMap((entry) => {
    if (entryName(entry) === undefined) return [diagnostic('E002', entry.key.span, `${expects}: a field name is a string or a name`)];
    if (entry.value.kind === 'StringLiteral') return [];
    return [diagnostic('E002', entry.value.span, `${expects}: a field's type is written as a string`, { hint: 'e.g. "string", "int", "list[str]"' })];
  });
}
