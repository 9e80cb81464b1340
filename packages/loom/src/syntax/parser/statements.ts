/**
 * Statements and blocks. A statement ends at `;`, at a line break, or before the `}` of its
 * block. Statement words are contextual: `print`, `defer`, `verify`, `pass`, ... start a
 * statement only when what follows fits, so `verify = check(x)` is an ordinary assignment.
 */
import type {
  Argument, AssignmentStatement, AssignmentTarget, Block, CatchClause, Expression, IfStatement, Parameter,
  Pattern, SemanticIfStatement, Statement, StringLiteral,
} from '../ast.js';
import type { Token } from '../tokens.js';
import { describeToken, isPunctuator, isWord } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { startsExpression } from './expression-starts.js';
import { parseArgument, parseExpression, parseHeadExpression, withBraceLiterals } from './expressions.js';
import { parseIdentifier } from './names.js';
import { stringExpression } from './strings.js';
import { parseBraceBody, parseProperty } from './bodies.js';
import { parsePattern } from './patterns.js';
import { expressionToPattern } from './destructuring.js';
import { atContractClause, parseContractClause, parseParameter, parseParameterList } from './signatures.js';
import { parseType } from './types.js';
import { startsDeclarationAtLineStart } from './declaration-starts.js';

/** `{ statements }`; `purpose` names the body in messages ("flow body", "if block", ...). */
export function parseBlock(p: Cursor, purpose: string): Block {
  const open = p.current;
  if (!p.expect('{', `to open the ${purpose}`) && !p.atLineStart) {
    return { kind: 'Block', statements: [], span: open.span };
  }
  // With only the `{` forgotten, the body still follows on the next lines: read it.
  const statements = parseBlockBody(p, purpose, open);
  return { kind: 'Block', statements, span: p.spanFrom(open) };
}

/** The statements after an already consumed `{`, through the closing `}`. */
export function parseBlockBody(p: Cursor, purpose: string, open: Token): Statement[] {
  if (!p.enterNesting()) return [];
  try {
    return parseStatements(p, purpose, open);
  } finally {
    p.exitNesting();
  }
}

function parseStatements(p: Cursor, purpose: string, open: Token): Statement[] {
  const statements: Statement[] = [];
  for (;;) {
    while (p.eat(';'));
    if (p.at('}') || p.atEnd || startsDeclarationAtLineStart(p)) break;
    const before = p.mark;
    p.recover();
    statements.push(parseStatement(p));
    endStatement(p);
    if (!p.hasAdvancedSince(before)) p.skipTokenOrGroup();
  }
  closeBody(p, purpose, open);
  return statements;
}

/** Expects the `}` of a body, naming where the body was opened when it is missing. */
export function closeBody(p: Cursor, purpose: string, open: Token): void {
  p.expect('}', `to close the ${purpose}`, `the ${purpose} opened at line ${open.span.start.line}, column ${open.span.start.column}`);
}

/** After a statement: `;`, a line break, or the end of the block; anything else is an error. */
function endStatement(p: Cursor): void {
  if (p.eat(';') || p.at('}') || p.atLineStart) return;
  p.errorAtCurrent(`Expected ';' or a line break after the statement, found ${describeToken(p.current)}`);
  p.skipToStatementBoundary();
}

type StatementParser = (p: Cursor) => Statement;

/** Statements introduced by a word that is reserved in statement position. */
const KEYWORD_STATEMENTS: ReadonlyMap<string, StatementParser> = new Map([
  ['let', parseLet],
  ['if', parseIf],
  ['for', parseFor],
  ['while', parseWhile],
  ['break', parseBreakOrContinue],
  ['continue', parseBreakOrContinue],
  ['return', parseReturn],
]);

export function parseStatement(p: Cursor): Statement {
  const token = p.current;
  if (token.kind === 'identifier') {
    const keyword = KEYWORD_STATEMENTS.get(token.text);
    if (keyword !== undefined) return keyword(p);
    const contextual = contextualStatementAt(p, token);
    if (contextual !== null) return contextual(p);
  }
  return parseExpressionOrAssignment(p);
}

/** The parser for a contextual statement word, if the tokens after it fit that statement. */
function contextualStatementAt(p: Cursor, token: Token): StatementParser | null {
  const next = p.peek();
  const nextOnSameLine = !next.newlineBefore;
  const valueFollows = nextOnSameLine && startsExpression(next) && !isAssignmentOrAccess(next);
  // For these words `word(...)` stays an ordinary call (`print(x)` is handled as a call).
  const wordValueFollows = valueFollows && !isPunctuator(next, '(');
  switch (token.text) {
    case 'loop': return isPunctuator(next, '{') ? parseLoop : null;
    case 'try': return isPunctuator(next, '{') ? parseTry : null;
    case 'print': return wordValueFollows ? parsePrintWithoutParentheses : null;
    case 'defer': return valueFollows ? parseDefer : null;
    case 'assert': return valueFollows ? parseAssert : null;
    case 'raise': return valueFollows ? parseRaise : null;
    case 'reflect': return wordValueFollows ? parseReflect : null;
    case 'verify': return valueFollows ? parseVerify : null;
    case 'pass': return wordValueFollows ? parsePass : null;
    case 'fork': return isPunctuator(next, '[') ? parseFork : null;
    case 'semantic_if': return valueFollows ? parseSemanticIf : null;
    case 'requires':
    case 'ensures':
    case 'invariant':
      return valueFollows && atContractClause(p) ? parseContractStatement : null;
    case 'autoloop':
    case 'with_context':
      return isPunctuator(next, '{') || (next.kind === 'identifier' && isPunctuator(p.peek(2), ':'))
        ? parseScopedOptionsStatement : null;
    case 'try_agent': return isPunctuator(next, '{') ? parseTryAgent : null;
    case 'unharnessed':
      return isPunctuator(next, '{') || (next.kind === 'string' && isPunctuator(p.peek(2), '{')) ? parseUnharnessed : null;
    case 'context_policy': return isPunctuator(next, '{') ? parseContextPolicy : null;
    case 'before_step':
    case 'after_step':
      return isPunctuator(next, '{') ? parseLifecycleHook : null;
    case 'on_error':
    case 'before_tool':
    case 'after_tool':
      return isPunctuator(next, '(') && blockFollowsGroup(p, 1) ? parseLifecycleHook : null;
    default: return null;
  }
}

function isAssignmentOrAccess(token: Token): boolean {
  return token.kind === 'punctuator' && (token.text === '=' || token.text === '.' || token.text === '['
    || token.text === '+=' || token.text === '-=' || token.text === '*=' || token.text === '/=' || token.text === '-');
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

// ---- expressions, assignments, print ------------------------------------------------------

const ASSIGNMENT_OPERATORS: ReadonlySet<string> = new Set(['=', '+=', '-=', '*=', '/=']);

function parseExpressionOrAssignment(p: Cursor): Statement {
  const start = p.current;
  const expression = parseExpression(p);
  if (expression.kind === 'Error') {
    p.skipToStatementBoundary();
    return expression;
  }
  const operator = p.current;
  if (operator.kind === 'punctuator' && ASSIGNMENT_OPERATORS.has(operator.text)) {
    p.advance();
    const target = assignmentTarget(p, expression);
    const value = withAwaitTimeout(p, parseExpression(p));
    return {
      kind: 'AssignmentStatement', target, operator: operator.text as AssignmentStatement['operator'], value,
      span: p.spanFrom(start),
    };
  }
  let statement: Statement;
  if (expression.kind === 'CallExpression' && expression.callee.kind === 'Identifier'
    && expression.callee.name === 'print') {
    statement = { kind: 'PrintStatement', arguments: expression.arguments.map((arg) => arg.value), span: p.spanFrom(start) };
  } else {
    statement = { kind: 'ExpressionStatement', expression: withAwaitTimeout(p, expression), span: p.spanFrom(start) };
  }
  return p.atWord('if') && !p.current.newlineBefore ? withSuffixCondition(p, start, statement) : statement;
}

/** `restore(snap) if failed`: the statement runs only when the condition holds. */
function withSuffixCondition(p: Cursor, start: Token, statement: Statement): IfStatement {
  p.advance();
  const condition = parseExpression(p);
  const consequent: Block = { kind: 'Block', statements: [statement], span: statement.span };
  return { kind: 'IfStatement', condition, consequent, alternate: null, span: p.spanFrom(start) };
}

/** `await worker, 30` — the timeout form is only unambiguous at statement level. */
function withAwaitTimeout(p: Cursor, value: Expression): Expression {
  if (value.kind !== 'AwaitExpression' || value.timeout !== null || !p.at(',')) return value;
  p.advance();
  const timeout = parseExpression(p);
  return { ...value, timeout, span: { ...value.span, end: timeout.span.end } };
}

function assignmentTarget(p: Cursor, expression: Expression): AssignmentTarget {
  if (expression.kind === 'Identifier' || expression.kind === 'MemberExpression' || expression.kind === 'IndexExpression') {
    return expression;
  }
  const pattern = expressionToPattern(expression);
  if (pattern !== null) return pattern;
  p.errorAt(expression.span, 'Cannot assign to this expression: the left side of \'=\' must be a name, a field, an index or a destructuring pattern');
  return { kind: 'Error', span: expression.span };
}

function parsePrintWithoutParentheses(p: Cursor): Statement {
  const start = p.advance();
  const values: Expression[] = [parseExpression(p)];
  while (p.eat(',')) values.push(parseExpression(p));
  return { kind: 'PrintStatement', arguments: values, span: p.spanFrom(start) };
}

// ---- declarations of variables ---------------------------------------------------------------

function parseLet(p: Cursor): Statement {
  const start = p.advance();
  const pattern = parsePattern(p);
  const type = p.eat(':') ? parseType(p) : null;
  let value: Expression;
  if (p.expect('=', 'after the name in a let statement')) {
    value = withAwaitTimeout(p, parseExpression(p));
  } else {
    value = { kind: 'Error', span: p.current.span };
    p.skipToStatementBoundary();
  }
  return { kind: 'LetStatement', pattern, type, value, span: p.spanFrom(start) };
}

// ---- control flow --------------------------------------------------------------------------

function parseIf(p: Cursor): IfStatement {
  const start = p.advance();
  const condition = parseHeadExpression(p);
  const consequent = parseBlock(p, 'if block');
  const alternate = parseElse(p);
  return { kind: 'IfStatement', condition, consequent, alternate, span: p.spanFrom(start) };
}

/** `else ...`; the docs also write the else branch as `} otherwise {`. */
function parseElse(p: Cursor): Block | IfStatement | null {
  const otherwiseBlock = p.atWord('otherwise') && isPunctuator(p.peek(), '{');
  if (!p.eatWord('else') && !(otherwiseBlock && p.eatWord('otherwise'))) return null;
  if (p.atWord('if')) return parseIf(p);
  return parseBlock(p, 'else block');
}

function parseFor(p: Cursor): Statement {
  const start = p.advance();
  const each = p.atWord('each') && !isWord(p.peek(), 'in');
  if (each) p.advance();
  const pattern = parseLoopPattern(p);
  let iterable: Expression;
  if (p.atWord('in')) {
    p.advance();
    iterable = parseHeadExpression(p);
  } else {
    iterable = p.errorNode("'in' after the loop variable");
  }
  const body = parseBlock(p, 'for loop body');
  return { kind: 'ForStatement', each, pattern, iterable, body, span: p.spanFrom(start) };
}

/** The loop variable; `for each key, value in m` reads as the tuple pattern `(key, value)`. */
function parseLoopPattern(p: Cursor): Pattern {
  const start = p.current;
  const first = parsePattern(p);
  if (!p.at(',')) return first;
  const elements: Pattern[] = [first];
  while (p.eat(',')) elements.push(parsePattern(p));
  return { kind: 'TuplePattern', elements, span: p.spanFrom(start) };
}

function parseWhile(p: Cursor): Statement {
  const start = p.advance();
  const condition = parseHeadExpression(p);
  const body = parseBlock(p, 'while loop body');
  return { kind: 'WhileStatement', condition, body, span: p.spanFrom(start) };
}

function parseLoop(p: Cursor): Statement {
  const start = p.advance();
  const body = parseBlock(p, 'loop body');
  const until = p.eatWord('until') ? parseExpression(p) : null;
  return { kind: 'LoopStatement', body, until, span: p.spanFrom(start) };
}

function parseBreakOrContinue(p: Cursor): Statement {
  const token = p.advance();
  return { kind: token.text === 'break' ? 'BreakStatement' : 'ContinueStatement', span: token.span };
}

function parseReturn(p: Cursor): Statement {
  const start = p.advance();
  const hasValue = !p.atLineStart && !p.at(';') && !p.at('}');
  const value = hasValue ? parseExpression(p) : null;
  return { kind: 'ReturnStatement', value, span: p.spanFrom(start) };
}

function parseRaise(p: Cursor): Statement {
  const start = p.advance();
  const value = parseExpression(p);
  return { kind: 'RaiseStatement', value, span: p.spanFrom(start) };
}

function parseTry(p: Cursor): Statement {
  const start = p.advance();
  const body = parseBlock(p, 'try block');
  const handler = p.atWord('catch') ? parseCatchClause(p, 'catch block') : null;
  return { kind: 'TryStatement', body, handler, span: p.spanFrom(start) };
}

/** `catch (e) {}`, `catch(e: T) {}`, `catch e {}` or `catch {}` (also `catch_correction`). */
function parseCatchClause(p: Cursor, purpose: string): CatchClause {
  const start = p.advance();
  let parameter: Parameter | null = null;
  if (p.eat('(')) {
    if (!p.at(')')) parameter = parseParameter(p);
    p.expect(')', `to close the ${start.text} parameter`);
  } else if (p.current.kind === 'identifier') {
    parameter = parseParameter(p);
  }
  const body = parseBlock(p, purpose);
  return { kind: 'CatchClause', parameter, body, span: p.spanFrom(start) };
}

function parseAssert(p: Cursor): Statement {
  const start = p.advance();
  const condition = parseExpression(p);
  const against = p.eatWord('against') ? parseExpression(p) : null;
  return { kind: 'AssertStatement', condition, against, span: p.spanFrom(start) };
}

/** `semantic_if "cond" [fast_match[:] pattern] [against subject] { ... } [else ...]` */
function parseSemanticIf(p: Cursor): SemanticIfStatement {
  const start = p.advance();
  const condition = parseHeadExpression(p);
  let fastMatch: Expression | null = null;
  if (p.eatWord('fast_match')) {
    p.eat(':');
    fastMatch = parseHeadExpression(p);
  }
  const subject = p.eatWord('against') ? parseHeadExpression(p) : null;
  const consequent = parseBlock(p, 'semantic_if block');
  let alternate: SemanticIfStatement['alternate'] = null;
  if (p.eatWord('else')) {
    if (p.atWord('if')) alternate = parseIf(p);
    else if (p.atWord('semantic_if')) alternate = parseSemanticIf(p);
    else alternate = parseBlock(p, 'else block');
  }
  return { kind: 'SemanticIfStatement', condition, fastMatch, subject, consequent, alternate, span: p.spanFrom(start) };
}

function parseDefer(p: Cursor): Statement {
  const start = p.advance();
  const body = p.at('{') ? parseBlock(p, 'defer block') : parseExpression(p);
  return { kind: 'DeferStatement', body, span: p.spanFrom(start) };
}

function parseContractStatement(p: Cursor): Statement {
  const start = p.current;
  const clause = parseContractClause(p);
  return { kind: 'ContractStatement', clause, span: p.spanFrom(start) };
}

// ---- v2 harness forms ----------------------------------------------------------------------

/** `autoloop name: value, ... { }` and `with_context name: value, ... { }` */
function parseScopedOptionsStatement(p: Cursor): Statement {
  const start = p.advance();
  const collected: Argument[] = [];
  withBraceLiterals(p, false, () => {
    while (!p.at('{') && !p.atEnd) {
      collected.push(parseArgument(p));
      if (p.eat(',')) continue;
      if (!p.at('{')) p.errorAtCurrent(`Expected ',' or '{' after the ${start.text} option, found ${describeToken(p.current)}`);
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
  const reasonToken = p.current;
  let reason: StringLiteral | null = null;
  if (reasonToken.kind === 'string') {
    p.advance();
    const literal = stringExpression(p, reasonToken);
    reason = literal.kind === 'StringLiteral' ? literal : null;
  }
  const body = parseBlock(p, 'unharnessed block');
  return { kind: 'UnharnessedStatement', reason, body, span: p.spanFrom(start) };
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

function parseFork(p: Cursor): Statement {
  const start = p.advance();
  const branches = parseExpression(p);
  const strategy = p.eatWord('merge') ? parseIdentifier(p, "a merge strategy after 'merge'") : null;
  return { kind: 'ForkStatement', branches, strategy, span: p.spanFrom(start) };
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

