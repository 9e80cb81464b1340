/**
 * `[@decorator]* agent NAME [-> T] [uses ...] [implements ...] [requires/ensures ...] { members }`.
 * Members are properties (`role: "..."`, `model "..."`, `context { ... }`), methods (`fn`,
 * `flow`) and `let` bindings.
 */
import type {
  AgentDeclaration, AgentMember, ContractClause, Decorator, Identifier, TypeExpression, UseTarget,
} from '../ast.js';
import type { Token } from '../tokens.js';
import { isPunctuator } from '../tokens.js';
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
  return { kind: 'QualifiedName', parts: exactLength(parts), span: p.spanFrom(start) };
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
