/**
 * The protocol an agent's reply follows. Three places may name it: `implements P` in the header,
 * `output_schema: P` in the agent's context block, and the v2.1 agent property `output_schema`,
 * which also takes the fields themselves, `output_schema: { "steps": "string", ... }` (an
 * unnamed protocol; each type is read like a protocol field's, quoted). As the Nexa docs write
 * it, a field may itself be a record, `{ "title": "string", ... }`, or a list of one,
 * `[{ "title": "string" }]`, to any depth. Whichever names it, the
 * reply is held to it the same way (runtime/agents/protocol.ts: re-asks, then E303). Two places
 * naming different protocols, or an inline schema beside a named one, is E002: the reply cannot
 * follow both.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { AgentDeclaration, DictEntry, DictLiteral, Expression, Identifier, Property, SpreadElement, StringType } from '../syntax/ast.js';
import { contextSetting } from './agent-context.js';

/** The v2.1 agent property. */
export const OUTPUT_SCHEMA_PROPERTY = 'output_schema';

/** One field of an inline `output_schema`. */
export interface InlineSchemaField {
  readonly name: string;
  readonly type: InlineSchemaType;
}

/** A quoted type, read as a protocol field's; a nested `{ ... }` of fields; or `[ X ]`, a list of X. */
export type InlineSchemaType =
  | { readonly kind: 'type'; readonly type: StringType }
  | { readonly kind: 'record'; readonly fields: readonly InlineSchemaField[] }
  | { readonly kind: 'list'; readonly element: InlineSchemaType };

/** The quoted types of an inline schema, at every depth, for the resolver to read. */
export function inlineSchemaTypes(fields: readonly InlineSchemaField[]): StringType[] {
  const leaves = (type: InlineSchemaType): StringType[] =>
    type.kind === 'type' ? [type.type] : type.kind === 'list' ? leaves(type.element) : inlineSchemaTypes(type.fields);
  return fields.flatMap((field) => leaves(field.type));
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
  return value?.kind === 'DictLiteral' ? schemaFields(value) : undefined;
}

function schemaFields(dict: DictLiteral): InlineSchemaField[] {
  return dict.entries.flatMap((entry) => {
    const name = entryName(entry);
    const type = schemaType(entry.value);
    return name === undefined || type === undefined ? [] : [{ name, type }];
  });
}

/** What a schema value stands for; undefined for a value of another shape (outputSchemaValueProblems reports it). */
function schemaType(value: Expression | SpreadElement): InlineSchemaType | undefined {
  if (value.kind === 'StringLiteral') return { kind: 'type', type: { kind: 'StringType', text: value.value, span: value.span } };
  if (value.kind === 'DictLiteral') return { kind: 'record', fields: schemaFields(value) };
  const [element] = value.kind === 'ListLiteral' && value.elements.length === 1 ? value.elements : [];
  const read = element === undefined ? undefined : schemaType(element);
  return read === undefined ? undefined : { kind: 'list', element: read };
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
  return fieldsProblems(value, expects);
}

function fieldsProblems(dict: DictLiteral, expects: string): Diagnostic[] {
  if (dict.entries.length === 0) return [diagnostic('E002', dict.span, `'${OUTPUT_SCHEMA_PROPERTY}' names no fields`, { hint: 'a record lists at least one field' })];
  return dict.entries.flatMap((entry) => {
    if (entryName(entry) === undefined) return [diagnostic('E002', entry.key.span, `${expects}: a field name is a string or a name`)];
    return typeValueProblems(entry.value, expects);
  });
}

function typeValueProblems(value: Expression | SpreadElement, expects: string): Diagnostic[] {
  if (value.kind === 'StringLiteral') return [];
  if (value.kind === 'DictLiteral') return fieldsProblems(value, expects);
  if (value.kind === 'ListLiteral') {
    const [element, ...more] = value.elements;
    if (element !== undefined && more.length === 0) return typeValueProblems(element, expects);
    return [diagnostic('E002', value.span, `${expects}: a list field is written with the type of its elements, once`, { hint: 'e.g. "steps": [{ "title": "string" }] or "tags": ["string"]' })];
  }
  return [diagnostic('E002', value.span, `${expects}: a field's type is written as a string, a { ... } of fields, or [ one of those ] for a list`, { hint: 'e.g. "string", "int", "list[str]", { "city": "string" }' })];
}
