/**
 * `[@decorator]* agent NAME [-> T] [uses ...] [implements ...] [requires/ensures ...] { members }`.
 * Members are properties (`role: "..."`, `model "..."`, `context { ... }`), methods (`fn`,
 * `flow`) and `let` bindings. The Nexa docs also write the header's clauses as properties of the
 * body (`uses: [web_search]`, `tools: [shell_exec]`, `implements: P`, `requires: "..."`,
 * `ensures: "..."`): they are read into the header, so both spellings mean the same agent.
 */
import type {
  AgentDeclaration, AgentMember, ContractClause, Decorator, Expression, Identifier, Property, TypeExpression, UseTarget,
} from '../ast.js';
import type { Token } from '../tokens.js';
import { describeToken, isPunctuator } from '../tokens.js';
import { parseExpression } from './expressions.js';
import { exactLength } from './lists.js';
import { parseBraceBody, parseProperty } from './bodies.js';
import type { Cursor } from './cursor.js';
import { parseFlow, parseFunction } from './declarations.js';
import { parseIdentifier } from './names.js';
import { atContractClause, parseContractClause, parseDecorators } from './signatures.js';
import { parseLet } from './statements.js';
import { parsePlainString } from './strings.js';
import { parseType } from './types.js';

export function parseAgent(p: Cursor, start: Token, decorators: Decorator[]): AgentDeclaration {
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
  // A model list (`model: ["a/x", fallback: "b/y"]`) stands for two properties: its fallbacks come here.
  const fallbackProperties: Property[] = [];
  const header: AgentHeader = { uses, implementsNames, contracts };
  const written = parseBraceBody(p, 'agent body', () => parseAgentMember(p, fallbackProperties, header));
  const members = [...written.filter((member): member is AgentMember => member !== HEADER_CLAUSE), ...fallbackProperties];
  return {
    kind: 'AgentDeclaration', name, decorators, returnType, uses, implements: implementsNames, contracts, members,
    span: p.spanFrom(start),
  };
}

/** The clauses of the header, which body properties of the same names add to. */
interface AgentHeader {
  readonly uses: UseTarget[];
  readonly implementsNames: Identifier[];
  readonly contracts: ContractClause[];
}

/** What parseAgentMember returns for a header clause written in the body: no member. */
const HEADER_CLAUSE = Symbol('header clause');

/** Body properties that are clauses of the header; `tools` is the Nexa property table's name for `uses`. */
const USE_PROPERTIES: ReadonlySet<string> = new Set(['uses', 'tools']);
const CONTRACT_PROPERTIES: ReadonlySet<string> = new Set(['requires', 'ensures']);

/**
 * `uses std.http, web_search, "SKILLS.md", mcp:"url"` or the bracketed `uses [a, b]`. In the
 * body (`inBody`), an unbracketed list ends before a `name:` that starts the next property.
 */
function parseUseTargets(p: Cursor, into: UseTarget[], inBody = false): void {
  const bracketed = p.eat('[');
  for (;;) {
    if (bracketed && p.at(']')) break;
    into.push(parseUseTarget(p));
    if (!p.at(',') || (inBody && !bracketed && isPunctuator(p.peek(2), ':') && p.peek().text !== 'mcp')) break;
    p.advance();
  }
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
  return { kind: 'QualifiedName', parts: exactLength(parts), span: p.spanFrom(start) };
}

/**
 * `model: ["openai/gpt-4", fallback: "anthropic/claude-3", fallback: "deepseek/chat"]`, the
 * Nexa reference's multi-level fallback (v0.9.7+): read as `model: "openai/gpt-4"` and
 * `fallback: ["anthropic/claude-3", "deepseek/chat"]`, the two properties Loom already honours,
 * so the checker and the runtime treat both spellings alike (setting `fallback:` as well is a
 * duplicate property, E005).
 */
function parseModelList(p: Cursor, fallbackProperties: Property[]): Property {
  const start = p.current;
  const name: Identifier = { kind: 'Identifier', name: 'model', span: start.span };
  p.advance();
  p.advance();
  const open = p.advance();
  const primary = parseExpression(p);
  const fallbacks: Expression[] = [];
  let fallbackName: Identifier | undefined;
  let fallbacksStart: Token | undefined;
  while (p.eat(',') && !p.at(']')) {
    const label = p.current;
    if (label.kind !== 'identifier' || label.text !== 'fallback' || !isPunctuator(p.peek(), ':')) {
      p.errorAtCurrent(`after the model, each entry of a model list is 'fallback: "provider/model"', found ${describeToken(label)}`);
      parseExpression(p);
      continue;
    }
    fallbackName ??= { kind: 'Identifier', name: 'fallback', span: label.span };
    fallbacksStart ??= label;
    p.advance();
    p.advance();
    fallbacks.push(parseExpression(p));
  }
  p.expectClosing(']', 'to close the model list', open, 'the model list');
  if (fallbackName !== undefined && fallbacksStart !== undefined) {
    const span = p.spanFrom(fallbacksStart);
    fallbackProperties.push({ kind: 'Property', name: fallbackName, value: { kind: 'ListLiteral', elements: exactLength(fallbacks), span }, span });
  }
  return { kind: 'Property', name, value: primary, span: p.spanFrom(start) };
}

/** Brackets that nest inside a model list, for the look-ahead below. */
const OPENERS = new Set(['[', '(', '{']);
const CLOSERS = new Set([']', ')', '}']);

/**
 * Whether the list after `model:` labels an entry `fallback:` at its own level: only then is it
 * a model list; any other list stays a list value (which the checker refuses for `model`).
 */
function listHasFallbackLabel(p: Cursor): boolean {
  let depth = 0;
  for (let distance = 3; ; distance += 1) {
    const token = p.peek(distance);
    if (token.kind === 'eof') return false;
    if (token.kind === 'punctuator' && OPENERS.has(token.text)) depth += 1;
    else if (token.kind === 'punctuator' && CLOSERS.has(token.text)) {
      if (depth === 0) return false;
      depth -= 1;
    } else if (depth === 0 && token.kind === 'identifier' && token.text === 'fallback' && isPunctuator(p.peek(distance + 1), ':')) return true;
  }
}

function parseAgentMember(p: Cursor, fallbackProperties: Property[], header: AgentHeader): AgentMember | typeof HEADER_CLAUSE {
  const start = p.current;
  if (start.kind === 'identifier' && isPunctuator(p.peek(), ':')) {
    if (USE_PROPERTIES.has(start.text)) {
      p.advance();
      p.advance();
      parseUseTargets(p, header.uses, true);
      return HEADER_CLAUSE;
    }
    if (start.text === 'implements') {
      p.advance();
      p.advance();
      header.implementsNames.push(parseIdentifier(p, "a protocol name after 'implements:'"));
      return HEADER_CLAUSE;
    }
    if (CONTRACT_PROPERTIES.has(start.text)) {
      header.contracts.push(parseContractClause(p));
      return HEADER_CLAUSE;
    }
  }
  if (p.atWord('model') && isPunctuator(p.peek(), ':') && isPunctuator(p.peek(2), '[') && listHasFallbackLabel(p)) return parseModelList(p, fallbackProperties);
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
