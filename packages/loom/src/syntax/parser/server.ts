/**
 * `server PORT|NAME { directives }`: routes (`route GET "/p" => Handler`, `route "/p": H`,
 * the block form with `requires`/`ensures`/`handler`), `semantic route`, `static ... from`,
 * `group "/prefix" { ... }`, and value directives such as `cors {...}` or `middleware [...]`.
 */
import type {
  ContractClause, Declaration, NumberLiteral, Property, RouteDirective, ServerDirective,
} from '../ast.js';
import type { Token } from '../tokens.js';
import { describeToken, isPunctuator } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseBraceBody, parseProperty } from './bodies.js';
import { parseExpression } from './expressions.js';
import { parsePlainString } from './strings.js';
import { parseIdentifier } from './names.js';
import { atContractClause, parseContractClause } from './signatures.js';

export function parseServer(p: Cursor): Declaration {
  const start = p.advance();
  const target = p.current;
  let port: NumberLiteral | null = null;
  let name = null;
  if (target.kind === 'number') {
    p.advance();
    port = { kind: 'NumberLiteral', value: target.value, isFloat: target.isFloat, unit: target.unit, span: target.span };
  } else {
    name = parseIdentifier(p, "a port number or name after 'server'");
  }
  const directives = parseDirectives(p, 'server body');
  return { kind: 'ServerDeclaration', port, name, directives, span: p.spanFrom(start) };
}

function parseDirectives(p: Cursor, purpose: string): ServerDirective[] {
  return parseBraceBody(p, purpose, () => parseDirective(p));
}

function parseDirective(p: Cursor): ServerDirective {
  const start = p.current;
  if (start.kind !== 'identifier') return p.errorNode('a server directive such as \'route\'');
  if (start.text === 'route') return parseRoute(p, start, false);
  if (start.text === 'semantic' && p.peek().text === 'route') {
    p.advance();
    return parseRoute(p, start, true);
  }
  if (start.text === 'static' && p.peek().kind === 'string') {
    p.advance();
    const urlPath = parsePlainString(p, 'the URL path after \'static\'');
    if (!p.eatWord('from')) p.errorAtCurrent(`expected 'from' and a directory after the static path, found ${describeToken(p.current)}`);
    const directory = parsePlainString(p, "the directory after 'from'");
    return { kind: 'StaticDirective', urlPath, directory, span: p.spanFrom(start) };
  }
  if (start.text === 'group' && p.peek().kind === 'string') {
    p.advance();
    const path = parsePlainString(p, "the path prefix after 'group'");
    const directives = parseDirectives(p, 'group body');
    return { kind: 'GroupDirective', path, directives, span: p.spanFrom(start) };
  }
  p.advance();
  const name = { kind: 'Identifier' as const, name: start.text, span: start.span };
  p.eat(':');
  const value = parseExpression(p);
  return { kind: 'ValueDirective', name, value, span: p.spanFrom(start) };
}

/** After `route` (or `semantic route`): `[METHOD] "path"` then `=> handler`, `: handler` or a block. */
function parseRoute(p: Cursor, start: Token, semantic: boolean): RouteDirective {
  p.advance();
  const method = p.current.kind === 'identifier' ? parseIdentifier(p, 'an HTTP method') : null;
  const path = parsePlainString(p, 'the route path');
  const contracts: ContractClause[] = [];
  const properties: Property[] = [];
  let handler = null;
  if (p.eat('=>') || p.eat(':')) {
    handler = parseExpression(p);
  } else if (isPunctuator(p.current, '{')) {
    parseBraceBody(p, 'route block', () => {
      if (atContractClause(p)) contracts.push(parseContractClause(p));
      else properties.push(parseProperty(p, 'route block'));
    });
  } else {
    p.errorAtCurrent(`expected '=>' and a handler after the route path, found ${describeToken(p.current)}`);
  }
  return { kind: 'RouteDirective', method, semantic, path, handler, contracts, properties, span: p.spanFrom(start) };
}
