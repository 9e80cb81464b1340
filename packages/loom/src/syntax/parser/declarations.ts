/**
 * Top-level declarations: include, use config, agent, tool, fn, protocol, flow, test, type,
 * struct, enum, trait, impl, job and db/auth/kv resources (servers live in server.ts).
 * Each parser starts at its keyword, which `startsDeclaration` has already recognised.
 */
import type {
  AgentDeclaration, AgentMember, ContractClause, Declaration, Decorator, EnumVariant, FlowDeclaration,
  FunctionDeclaration, Identifier, JobHandler, Property, ProtocolField, StructField,
  TypeExpression, UseTarget,
} from '../ast.js';
import type { Token } from '../tokens.js';
import { describeToken, isPunctuator } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseBraceBody, parseProperty } from './bodies.js';
import { parseArgumentList, parseExpression } from './expressions.js';
import { parseIdentifier } from './names.js';
import { parsePlainString } from './strings.js';
import type { DeclarationKeyword } from './declaration-starts.js';
import { parseServer } from './server.js';
import {
  atContractClause, parseContractClause, parseDecorators, parseParameterList, parseReturnType,
} from './signatures.js';
import { parseBlock, parseLet } from './statements.js';
import { parseType } from './types.js';

/** Whether the declaration at the cursor may carry decorators. */
export function atDecoratedDeclaration(p: Cursor): boolean {
  return p.atWord('agent') || p.atWord('fn') || p.atWord('flow');
}

/**
 * Parses the `keyword` declaration whose keyword token is at the cursor (a misspelled keyword
 * is parsed as the one meant); `decorators` were read before it, starting at `start`.
 */
export function parseDeclaration(
  p: Cursor, start: Token, decorators: Decorator[], keyword: DeclarationKeyword,
): Declaration {
  switch (keyword) {
    case 'agent': return parseAgent(p, start, decorators);
    case 'fn': return parseFunction(p, start, decorators, true);
    case 'flow': return parseFlow(p, start, decorators);
    case 'include': return parseInclude(p);
    case 'use': return parseUseConfig(p);
    case 'tool': return parseTool(p);
    case 'protocol': return parseProtocol(p);
    case 'test': return parseTest(p);
    case 'type': return parseTypeAlias(p);
    case 'struct': return parseStruct(p);
    case 'enum': return parseEnum(p);
    case 'trait': return parseTrait(p);
    case 'impl': return parseImpl(p);
    case 'job': return parseJob(p);
    case 'server': return parseServer(p);
    case 'db':
    case 'auth':
    case 'kv':
      return parseResource(p, keyword);
  }
}

function parseInclude(p: Cursor): Declaration {
  const start = p.advance();
  const path = parsePlainString(p, 'the file to include');
  return { kind: 'IncludeDeclaration', path, span: p.spanFrom(start) };
}

function parseUseConfig(p: Cursor): Declaration {
  const start = p.advance();
  p.advance();
  const name = parseIdentifier(p, "a config name after 'use config'");
  return { kind: 'UseConfigDeclaration', name, span: p.spanFrom(start) };
}

// ---- agents ------------------------------------------------------------------------------

function parseAgent(p: Cursor, start: Token, decorators: Decorator[]): AgentDeclaration {
  p.advance();
  const name = parseIdentifier(p, "an agent name after 'agent'");
  let returnType: TypeExpression | null = null;
  const uses: UseTarget[] = [];
  const implementsNames: Identifier[] = [];
  const contracts: ContractClause[] = [];
  for (;;) {
    if (p.eat('->')) returnType = parseType(p);
    else if (p.eatWord('uses')) parseUseTargets(p, uses);
    else if (p.eatWord('implements')) {
      do implementsNames.push(parseIdentifier(p, "a protocol name after 'implements'")); while (p.eat(','));
    } else if (atContractClause(p)) contracts.push(parseContractClause(p));
    else break;
  }
  const members = parseBraceBody(p, 'agent body', () => parseAgentMember(p));
  return {
    kind: 'AgentDeclaration', name, decorators, returnType, uses, implements: implementsNames, contracts, members,
    span: p.spanFrom(start),
  };
}

/** `uses std.http, web_search, "SKILLS.md", mcp:"url"` or the bracketed `uses [a, b]`. */
function parseUseTargets(p: Cursor, into: UseTarget[]): void {
  const bracketed = p.eat('[');
  do {
    if (bracketed && p.at(']')) break;
    into.push(parseUseTarget(p));
  } while (p.eat(','));
  if (bracketed) p.expect(']', "to close the 'uses' list");
}

function parseUseTarget(p: Cursor): UseTarget {
  const start = p.current;
  if (start.kind === 'string') return parsePlainString(p, 'the used resource');
  if (start.kind === 'identifier' && start.text === 'mcp' && isPunctuator(p.peek(), ':')) {
    p.advance();
    p.advance();
    const url = parsePlainString(p, "the MCP server after 'mcp:'");
    return { kind: 'McpUse', url, span: p.spanFrom(start) };
  }
  const parts: Identifier[] = [parseIdentifier(p, "a tool or library name after 'uses'")];
  while (p.eat('.')) parts.push(parseIdentifier(p, "a name after '.'"));
  return { kind: 'QualifiedName', parts, span: p.spanFrom(start) };
}

function parseAgentMember(p: Cursor): AgentMember {
  const start = p.current;
  if (p.at('@') || (p.atWord('fn') && p.peek().kind === 'identifier')) {
    const decorators = parseDecorators(p);
    if (p.atWord('flow')) return parseFlow(p, start, decorators);
    return parseFunction(p, start, decorators, true);
  }
  if (p.atWord('flow') && p.peek().kind === 'identifier') return parseFlow(p, start, []);
  const next = p.peek();
  if (p.atWord('let') && !isPunctuator(next, ':') && !isPunctuator(next, '=')) return parseLet(p);
  return parseProperty(p, 'agent body');
}

// ---- tools, functions, flows, tests ------------------------------------------------------

function parseTool(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a tool name after 'tool'");
  const properties = parseBraceBody(p, 'tool body', () => parseProperty(p, 'tool body'));
  return { kind: 'ToolDeclaration', name, properties, span: p.spanFrom(start) };
}

/** `fn name(params) [-> T] { body }`; a trait signature has no body (`bodyRequired` false). */
function parseFunction(p: Cursor, start: Token, decorators: Decorator[], bodyRequired: boolean): FunctionDeclaration {
  if (!p.eatWord('fn')) p.errorAtCurrent(`Expected 'fn', found ${describeToken(p.current)}`);
  const name = parseIdentifier(p, "a function name after 'fn'");
  const parameters = parseParameterList(p);
  const returnType = parseReturnType(p);
  const body = bodyRequired || p.at('{') ? parseBlock(p, 'function body') : null;
  return { kind: 'FunctionDeclaration', name, decorators, parameters, returnType, body, span: p.spanFrom(start) };
}

function parseFlow(p: Cursor, start: Token, decorators: Decorator[]): FlowDeclaration {
  p.advance();
  const name = parseIdentifier(p, "a flow name after 'flow'");
  const parameters = p.at('(') ? parseParameterList(p) : null;
  const returnType = parseReturnType(p);
  const contracts: ContractClause[] = [];
  while (atContractClause(p)) contracts.push(parseContractClause(p));
  const body = parseBlock(p, 'flow body');
  return { kind: 'FlowDeclaration', name, decorators, parameters, returnType, contracts, body, span: p.spanFrom(start) };
}

function parseTest(p: Cursor): Declaration {
  const start = p.advance();
  const name = parsePlainString(p, 'the test name');
  const body = parseBlock(p, 'test body');
  return { kind: 'TestDeclaration', name, body, span: p.spanFrom(start) };
}

// ---- data types --------------------------------------------------------------------------

function parseProtocol(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a protocol name after 'protocol'");
  const fields = parseBraceBody(p, 'protocol body', (): ProtocolField => {
    const fieldStart = p.current;
    const fieldName = parseIdentifier(p, 'a field name');
    p.expect(':', `after the protocol field '${fieldName.name}'`);
    const type = parseFieldType(p, fieldName);
    return { kind: 'ProtocolField', name: fieldName, type, span: p.spanFrom(fieldStart) };
  });
  return { kind: 'ProtocolDeclaration', name, fields, span: p.spanFrom(start) };
}

/** The type after `field:`; one on the next line would be the next field's name. */
function parseFieldType(p: Cursor, field: Identifier): TypeExpression {
  if (p.atLineStart) {
    const found = describeToken(p.current);
    p.errorAtCurrent(`Expected the type of field '${field.name}' on the same line, found ${found}`);
    return { kind: 'Error', span: field.span };
  }
  return parseType(p);
}

function parseTypeAlias(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a type name after 'type'");
  p.expect('=', 'after the type name');
  const type = parseType(p);
  const constraint = p.eat('@') ? parsePlainString(p, "the semantic constraint after '@'") : null;
  return { kind: 'TypeAliasDeclaration', name, type, constraint, span: p.spanFrom(start) };
}

function parseStruct(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a struct name after 'struct'");
  const fields = parseBraceBody(p, 'struct body', (): StructField => {
    const fieldStart = p.current;
    const fieldName = parseIdentifier(p, 'a field name');
    const type = p.eat(':') ? parseFieldType(p, fieldName) : null;
    return { kind: 'StructField', name: fieldName, type, span: p.spanFrom(fieldStart) };
  });
  return { kind: 'StructDeclaration', name, fields, span: p.spanFrom(start) };
}

function parseEnum(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "an enum name after 'enum'");
  const variants = parseBraceBody(p, 'enum body', (): EnumVariant => {
    const variantStart = p.current;
    const variantName = parseIdentifier(p, 'a variant name');
    let fields: Identifier[] | null = null;
    if (p.eat('(')) {
      fields = [];
      while (!p.at(')') && !p.atEnd) {
        fields.push(parseIdentifier(p, 'a payload field name'));
        if (p.at(':')) {
          // Reported, then read past, so the rest of the enum still parses.
          p.errorAtCurrent('Enum payload fields are names only, as in Some(value): they take no type');
          p.advance();
          parseType(p);
        }
        if (!p.eat(',')) break;
      }
      p.expect(')', `to close the payload of variant '${variantName.name}'`);
    }
    return { kind: 'EnumVariant', name: variantName, fields, span: p.spanFrom(variantStart) };
  });
  return { kind: 'EnumDeclaration', name, variants, span: p.spanFrom(start) };
}

function parseMethods(p: Cursor, purpose: string, bodyRequired: boolean): FunctionDeclaration[] {
  return parseBraceBody(p, purpose, () => {
    const start = p.current;
    const decorators = parseDecorators(p);
    return parseFunction(p, start, decorators, bodyRequired);
  });
}

function parseTrait(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a trait name after 'trait'");
  const methods = parseMethods(p, 'trait body', false);
  return { kind: 'TraitDeclaration', name, methods, span: p.spanFrom(start) };
}

function parseImpl(p: Cursor): Declaration {
  const start = p.advance();
  const trait = parseIdentifier(p, "a trait name after 'impl'");
  if (!p.eatWord('for')) p.errorAtCurrent(`Expected 'for' after the trait name, found ${describeToken(p.current)}`);
  const target = parseIdentifier(p, "a type name after 'for'");
  const methods = parseMethods(p, 'impl body', true);
  return { kind: 'ImplDeclaration', trait, target, methods, span: p.spanFrom(start) };
}

// ---- jobs and resources ------------------------------------------------------------------

function parseJob(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a job name after 'job'");
  const queue = p.eatWord('on') ? parsePlainString(p, "the queue name after 'on'") : null;
  const options = p.at('(') ? parseArgumentList(p) : [];
  const properties: Property[] = [];
  const handlers: JobHandler[] = [];
  parseBraceBody(p, 'job body', () => {
    const memberStart = p.current;
    if (memberStart.kind === 'identifier' && isPunctuator(p.peek(), '(')) {
      p.advance();
      const handlerName = { kind: 'Identifier' as const, name: memberStart.text, span: memberStart.span };
      const parameters = parseParameterList(p);
      const body = parseBlock(p, `${memberStart.text} handler`);
      handlers.push({ kind: 'JobHandler', name: handlerName, parameters, body, span: p.spanFrom(memberStart) });
    } else {
      properties.push(parseProperty(p, 'job body'));
    }
  });
  return { kind: 'JobDeclaration', name, queue, options, properties, handlers, span: p.spanFrom(start) };
}

/** `db|auth|kv NAME = init` or `auth|kv NAME { properties }`. */
function parseResource(p: Cursor, resource: 'db' | 'auth' | 'kv'): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, `a name after '${resource}'`);
  if (p.at('{')) {
    const properties = parseBraceBody(p, `${resource} block`, () => parseProperty(p, `${resource} block`));
    return { kind: 'ResourceDeclaration', resource, name, init: null, properties, span: p.spanFrom(start) };
  }
  p.expect('=', `after the ${resource} name`);
  const init = parseExpression(p);
  return { kind: 'ResourceDeclaration', resource, name, init, properties: null, span: p.spanFrom(start) };
}
