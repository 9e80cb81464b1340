/**
 * `match subject { pattern [if guard] => body, ... }` and its `fast_match` intent-router form.
 * Arms are separated by commas or line breaks; a body is an expression or a block.
 */
import type { Expression, MatchArm, MatchExpression } from '../ast.js';
import { describeToken, isPunctuator } from '../tokens.js';
import { exactLength } from './lists.js';
import type { Cursor } from './cursor.js';
import { parseExpression, parseHeadExpression, withBraceLiterals } from './expressions.js';
import { parsePattern } from './patterns.js';
import { parseBlock } from './statements.js';

export function parseMatchExpression(p: Cursor): MatchExpression {
  const start = p.advance();
  const fast = start.text === 'fast_match';
  const subject = parseHeadExpression(p);
  const arms: MatchArm[] = [];
  const open = p.current;
  // With only the `{` forgotten, the arms still follow on the next lines: read them.
  if (p.expect('{', 'to open the match arms') || p.atLineStart) {
    withBraceLiterals(p, true, () => {
      while (!p.at('}') && !p.atEnd) {
        const before = p.mark;
        arms.push(parseMatchArm(p));
        if (!p.hasAdvancedSince(before)) {
          // Nothing of an arm could be read here: skip the token so the loop makes progress.
          p.skipTokenOrGroup();
          continue;
        }
        if (p.eat(',') || p.eat(';') || p.at('}') || p.atLineStart) continue;
        p.errorAtCurrent(`expected ',' or a line break between match arms, found ${describeToken(p.current)}`);
        p.skipToStatementBoundary();
      }
    });
    p.expectClosing('}', 'to close the match arms', open, 'the match');
  }
  return { kind: 'MatchExpression', fast, subject, arms: exactLength(arms), span: p.spanFrom(start) };
}

function parseMatchArm(p: Cursor): MatchArm {
  const start = p.current;
  const pattern = parsePattern(p);
  let guard: Expression | null = null;
  if (p.atWord('if')) {
    p.advance();
    guard = parseExpression(p);
  }
  p.expect('=>', 'after the match pattern');
  let body: MatchArm['body'];
  if (p.at('{') && braceStartsBlock(p)) {
    body = parseBlock(p, 'match arm');
  } else {
    body = parseExpression(p);
  }
  if (guard === null && p.atWord('if') && !p.current.newlineBefore) {
    p.advance();
    guard = parseExpression(p);
  }
  return { kind: 'MatchArm', pattern, guard, body, span: p.spanFrom(start) };
}

/** After `=>` or `otherwise`, `{` opens a block unless it reads as a map (`{ key: ...`). */
export function braceStartsBlock(p: Cursor): boolean {
  const first = p.peek(1);
  const second = p.peek(2);
  if (isPunctuator(first, '}')) return true;
  const keyLike = first.kind === 'string' || first.kind === 'identifier' || first.kind === 'number';
  return !(keyLike && isPunctuator(second, ':'));
}
