/**
 * The v2 harness statements: autoloop, with_context, try_agent/catch_correction, reflect,
 * verify, lifecycle hooks, unharnessed, context_policy and the actor `pass`.
 * They are parsed into their own nodes so the checker can name (and reject) each one.
 */
import type { Argument, Statement } from '../ast.js';
import { describeToken, isPunctuator } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseBraceBody, parseProperty } from './bodies.js';
import { parseArgument, parseExpression, withBraceLiterals } from './expressions.js';
import { parseParameterList } from './signatures.js';
import type { StatementParser } from './statements.js';
import { parseBlock, parseCatchClause, valueFollowsWord } from './statements.js';
import { parsePlainString } from './strings.js';
import { parseType } from './types.js';

/** The parser for the harness statement starting with `word`, if the tokens after it fit. */
export function harnessStatementAt(p: Cursor, word: string): StatementParser | null {
  const next = p.peek();
  switch (word) {
    case 'autoloop':
    case 'with_context':
      return isPunctuator(next, '{') || (next.kind === 'identifier' && isPunctuator(p.peek(2), ':'))
        ? parseScopedOptionsStatement : null;
    case 'try_agent': return isPunctuator(next, '{') ? parseTryAgent : null;
    case 'unharnessed':
      return isPunctuator(next, '{') || (next.kind === 'string' && isPunctuator(p.peek(2), '{')) ? parseUnharnessed : null;
    case 'context_policy': return isPunctuator(next, '{') ? parseContextPolicy : null;
    // `fork [a, b] merge s` is an expression; `fork { ... } and { ... }` this statement.
    case 'fork': return isPunctuator(next, '{') ? parseForkBlocks : null;
    case 'before_step':
    case 'after_step':
      return isPunctuator(next, '{') ? parseLifecycleHook : null;
    case 'on_error':
    case 'before_tool':
    case 'after_tool':
      return isPunctuator(next, '(') && blockFollowsGroup(p, 1) ? parseLifecycleHook : null;
    case 'reflect': return valueFollowsWord(p) && !isPunctuator(next, '(') ? parseReflect : null;
    case 'pass': return valueFollowsWord(p) && !isPunctuator(next, '(') ? parsePass : null;
    case 'verify': return valueFollowsWord(p) ? parseVerify : null;
    default: return null;
  }
}

/** Whether the `(...)` group starting `distance` tokens ahead is followed by `{`. */
function blockFollowsGroup(p: Cursor, distance: number): boolean {
  let depth = 0;
  const MAX_LOOKAHEAD_TOKENS = 64;
  for (let i = distance; i < distance + MAX_LOOKAHEAD_TOKENS; i++) {
    const token = p.peek(i);
    if (token.kind === 'eof') return false;
    if (isPunctuator(token, '(')) depth++;
    else if (isPunctuator(token, ')')) {
      depth--;
      if (depth === 0) return isPunctuator(p.peek(i + 1), '{');
    }
  }
  return false;
}

/** `autoloop name: value, ... { }` and `with_context name: value, ... { }` */
function parseScopedOptionsStatement(p: Cursor): Statement {
  const start = p.advance();
  const collected: Argument[] = [];
  withBraceLiterals(p, false, () => {
    while (!p.at('{') && !p.atEnd) {
      collected.push(parseArgument(p));
      if (p.eat(',')) continue;
      if (!p.at('{')) p.errorAtCurrent(`expected ',' or '{' after the ${start.text} option, found ${describeToken(p.current)}`);
      return;
    }
  });
  const body = parseBlock(p, `${start.text} body`);
  if (start.text === 'autoloop') return { kind: 'AutoloopStatement', options: collected, body, span: p.spanFrom(start) };
  return { kind: 'WithContextStatement', options: collected, body, span: p.spanFrom(start) };
}

function parseTryAgent(p: Cursor): Statement {
  const start = p.advance();
  const body = parseBlock(p, 'try_agent block');
  const correction = p.atWord('catch_correction') ? parseCatchClause(p, 'catch_correction block') : null;
  return { kind: 'TryAgentStatement', body, correction, span: p.spanFrom(start) };
}

function parseUnharnessed(p: Cursor): Statement {
  const start = p.advance();
  const reason = p.current.kind === 'string' ? parsePlainString(p, 'reason for unharnessed') : null;
  const body = parseBlock(p, 'unharnessed block');
  return { kind: 'UnharnessedStatement', reason, body, span: p.spanFrom(start) };
}

function parseForkBlocks(p: Cursor): Statement {
  const start = p.advance();
  const branches = [parseBlock(p, 'fork branch')];
  while (p.eatWord('and')) branches.push(parseBlock(p, "fork branch after 'and'"));
  return { kind: 'ForkBlockStatement', branches, span: p.spanFrom(start) };
}

function parseContextPolicy(p: Cursor): Statement {
  const start = p.advance();
  const properties = parseBraceBody(p, 'context_policy block', () => parseProperty(p, 'context_policy block'));
  return { kind: 'ContextPolicyStatement', properties, span: p.spanFrom(start) };
}

function parseReflect(p: Cursor): Statement {
  const start = p.advance();
  const message = parseExpression(p);
  return { kind: 'ReflectStatement', message, span: p.spanFrom(start) };
}

function parseVerify(p: Cursor): Statement {
  const start = p.advance();
  const subject = parseExpression(p);
  if (p.eatWord('satisfies')) {
    const target = parseType(p);
    return { kind: 'VerifyStatement', mode: 'satisfies', subject, target, span: p.spanFrom(start) };
  }
  for (const mode of ['against', 'contains'] as const) {
    if (p.eatWord(mode)) {
      const target = parseExpression(p);
      return { kind: 'VerifyStatement', mode, subject, target, span: p.spanFrom(start) };
    }
  }
  return { kind: 'VerifyStatement', mode: 'expression', subject, target: null, span: p.spanFrom(start) };
}

function parseLifecycleHook(p: Cursor): Statement {
  const start = p.advance();
  const hook = { kind: 'Identifier' as const, name: start.text, span: start.span };
  const parameters = p.at('(') ? parseParameterList(p) : [];
  const body = parseBlock(p, `${start.text} hook`);
  return { kind: 'LifecycleHookStatement', hook, parameters, body, span: p.spanFrom(start) };
}

/** `pass message to actor` or `pass actor, message`. */
function parsePass(p: Cursor): Statement {
  const start = p.advance();
  const first = parseExpression(p);
  if (p.eatWord('to')) {
    const target = parseExpression(p);
    return { kind: 'PassStatement', message: first, target, span: p.spanFrom(start) };
  }
  if (p.eat(',')) {
    const message = parseExpression(p);
    return { kind: 'PassStatement', message, target: first, span: p.spanFrom(start) };
  }
  const target = p.errorNode("'to' and the receiving actor after the message");
  return { kind: 'PassStatement', message: first, target, span: p.spanFrom(start) };
}

