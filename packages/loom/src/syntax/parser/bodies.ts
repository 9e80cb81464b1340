/**
 * Brace-delimited declaration bodies (agent, tool, job, server, auth/kv blocks, route blocks)
 * and the properties they hold. Members may be separated by `,`, `;` or line breaks; the
 * reference corpus mixes all three, sometimes within one body.
 */
import type { Property, PropertyBlock } from '../ast.js';
import type { Token } from '../tokens.js';
import { describeToken, shortened } from '../tokens.js';
import { exactLength } from './lists.js';
import type { Cursor } from './cursor.js';
import { startsExpression } from './expression-starts.js';
import { parseExpression, withBraceLiterals } from './expressions.js';
import { closeBody } from './statements.js';
import { startsDeclarationAtLineStart } from './declaration-starts.js';

/**
 * Parses `{ member (sep member)* }` with `parseMember` reading one member. A missing `{` is one
 * error; if the members then follow on the next lines they are still read.
 */
export function parseBraceBody<T>(p: Cursor, purpose: string, parseMember: () => T): T[] {
  if (!p.enterNesting()) return [];
  try {
    return parseMembers(p, purpose, parseMember);
  } finally {
    p.exitNesting();
  }
}

function parseMembers<T>(p: Cursor, purpose: string, parseMember: () => T): T[] {
  const open = p.current;
  const members: T[] = [];
  if (!p.expect('{', `to open the ${purpose}`) && !p.atLineStart) return members;
  withBraceLiterals(p, true, () => {
    for (;;) {
      while (p.eat(',') || p.eat(';'));
      if (p.at('}') || p.atEnd || startsDeclarationAtLineStart(p)) break;
      const before = p.mark;
      p.recover();
      members.push(parseMember());
      if (!p.hasAdvancedSince(before)) {
        p.skipToStatementBoundary();
        continue;
      }
      endMember(p, purpose);
    }
  });
  closeBody(p, purpose, open);
  return exactLength(members);
}

function endMember(p: Cursor, purpose: string): void {
  if (p.eat(',') || p.eat(';') || p.at('}') || p.atLineStart) return;
  p.errorAtCurrent(`expected ',' or a line break after the ${purpose} entry, found ${describeToken(p.current)}`);
  p.skipToStatementBoundary();
}

/** `name: value`, `name = value`, `name value` (same line) or `name { nested properties }`. */
export function parseProperty(p: Cursor, purpose: string): Property {
  const start = p.current;
  const name = { kind: 'Identifier' as const, name: start.text, span: start.span };
  if (start.kind !== 'identifier') {
    const error = p.errorNode(`a property name in the ${purpose}`);
    return { kind: 'Property', name, value: error, span: start.span };
  }
  p.advance();
  if (p.eat(':') || p.eat('=')) {
    const value = parseExpression(p);
    return { kind: 'Property', name, value, span: p.spanFrom(start) };
  }
  if (p.at('{')) {
    const value = parsePropertyBlock(p, `'${shortened(start.text)}' block`);
    return { kind: 'Property', name, value, span: p.spanFrom(start) };
  }
  if (!p.current.newlineBefore && startsExpression(p.current)) {
    const value = parseExpression(p);
    return { kind: 'Property', name, value, span: p.spanFrom(start) };
  }
  const value = p.errorNode(`':' and a value after the property name '${shortened(start.text)}'`);
  return { kind: 'Property', name, value, span: p.spanFrom(start) };
}

function parsePropertyBlock(p: Cursor, purpose: string): PropertyBlock {
  const open: Token = p.current;
  const properties = parseBraceBody(p, purpose, () => parseProperty(p, purpose));
  return { kind: 'PropertyBlock', properties, span: p.spanFrom(open) };
}
