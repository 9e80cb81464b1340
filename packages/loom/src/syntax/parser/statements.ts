/**
 * Statements and blocks. A statement ends at `;`, at a line break, or before the `}` of its
 * block. Statement words are contextual: `print`, `defer`, `assert`, ... start a statement
 * only when what follows fits, so `assert = check(x)` is an ordinary assignment. The v2
 * harness statements live in harness.ts.
 */
import type {
  AssignmentStatement, AssignmentTarget, Block, CatchClause, Expression, IfStatement, LetStatement, Parameter,
  Pattern, SemanticIfStatement, Statement,
} from '../ast.js';
import { spanBetween } from '../spans.js';
import type { Token } from '../tokens.js';
import { describeToken, isPunctuator, isWord } from '../tokens.js';
import { exactLength } from './lists.js';
import type { Cursor } from './cursor.js';
import { startsDeclarationAtLineStart } from './declaration-starts.js';
import { expressionToPattern } from './destructuring.js';
import { startsExpression } from './expression-starts.js';
import { parseExpression, parseHeadExpression } from './expressions.js';
import { harnessStatementAt } from './harness.js';
import { parsePattern } from './patterns.js';
import { atContractClause, parseContractClause, parseParameter } from './signatures.js';
import { parseType } from './types.js';

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
function parseBlockBody(p: Cursor, purpose: string, open: Token): Statement[] {
  if (!p.enterNesting()) return [];
  // A block may sit inside a statement head (`while ok(fn() { ... })`); inside it, `{` is a map again.
  const braceLiteralsInHead = p.braceLiteralsAllowed;
  p.braceLiteralsAllowed = true;
  try {
    return parseStatements(p, purpose, open);
  } finally {
    p.braceLiteralsAllowed = braceLiteralsInHead;
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
  return exactLength(statements);
}

/** Expects the `}` of a body, naming where the body was opened when it is missing. */
export function closeBody(p: Cursor, purpose: string, open: Token): void {
  p.expectClosing('}', `to close the ${purpose}`, open, `the ${purpose}`, true);
}

/** After a statement: `;`, a line break, or the end of the block; anything else is an error. */
function endStatement(p: Cursor): void {
  if (p.eat(';') || p.at('}') || p.atLineStart) return;
  p.errorAtCurrent(`expected ';' or a line break after the statement, found ${describeToken(p.current)}`);
  p.skipToStatementBoundary();
}

export type StatementParser = (p: Cursor) => Statement;

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
  const valueFollows = valueFollowsWord(p);
  // For these words `word(...)` stays an ordinary call (`print(x)` is handled as a call).
  const wordValueFollows = valueFollows && !isPunctuator(next, '(');
  switch (token.text) {
    case 'loop': return isPunctuator(next, '{') ? parseLoop : null;
    case 'try': return isPunctuator(next, '{') ? parseTry : null;
    case 'print': return wordValueFollows ? parsePrintWithoutParentheses : null;
    case 'defer': return valueFollows ? parseDefer : null;
    case 'assert': return valueFollows ? parseAssert : null;
    case 'raise': return valueFollows ? parseRaise : null;
    case 'semantic_if': return valueFollows ? parseSemanticIf : null;
    case 'requires':
    case 'ensures':
    case 'invariant':
      return valueFollows && atContractClause(p) ? parseContractStatement : null;
    default: return harnessStatementAt(p, token.text);
  }
}

/** Whether a value follows the statement word at the cursor on the same line (not `=`, `.`). */
export function valueFollowsWord(p: Cursor): boolean {
  const next = p.peek();
  return !next.newlineBefore && startsExpression(next) && !isAssignmentOrAccess(next);
}

function isAssignmentOrAccess(token: Token): boolean {
  return token.kind === 'punctuator' && (token.text === '=' || token.text === '.' || token.text === '['
    || token.text === '+=' || token.text === '-=' || token.text === '*=' || token.text === '/=' || token.text === '-');
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
    && expression.callee.name === 'print' && expression.arguments.every((arg) => arg.name === null)) {
    statement = { kind: 'PrintStatement', arguments: expression.arguments.map((arg) => arg.value), span: expression.span };
  } else {
    const value = withAwaitTimeout(p, expression);
    statement = { kind: 'ExpressionStatement', expression: value, span: value.span };
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
  return { ...value, timeout, span: spanBetween(value.span, timeout.span) };
}

function assignmentTarget(p: Cursor, expression: Expression): AssignmentTarget {
  if (expression.kind === 'Identifier' || expression.kind === 'MemberExpression' || expression.kind === 'IndexExpression') {
    return expression;
  }
  const pattern = expressionToPattern(expression);
  if (pattern !== null) return pattern;
  p.errorAt(expression.span, 'cannot assign to this expression: the left side of \'=\' must be a name, a field, an index or a destructuring pattern');
  return { kind: 'Error', span: expression.span };
}

function parsePrintWithoutParentheses(p: Cursor): Statement {
  const start = p.advance();
  const values: Expression[] = [parseExpression(p)];
  while (p.eat(',')) values.push(parseExpression(p));
  return { kind: 'PrintStatement', arguments: values, span: p.spanFrom(start) };
}

// ---- declarations of variables ---------------------------------------------------------------

export function parseLet(p: Cursor): LetStatement {
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

/**
 * `try { } catch (e) { }`. The catch is required, as in Nexa's grammar: a try alone would
 * swallow the errors of its block, and nothing in Loom is silently ignored.
 */
function parseTry(p: Cursor): Statement {
  const start = p.advance();
  const body = parseBlock(p, 'try block');
  if (p.atWord('catch')) {
    const handler = parseCatchClause(p, 'catch block');
    return { kind: 'TryStatement', body, handler, span: p.spanFrom(start) };
  }
  reportMissingCatch(p, start);
  return { kind: 'TryStatement', body, handler: null, span: p.spanFrom(start) };
}

/**
 * E004 at the `try` keyword: the whole statement is what is incomplete, and the token where the
 * catch belongs is often the next statement, a line further down.
 */
function reportMissingCatch(p: Cursor, keyword: Token): void {
  const found = p.current;
  const hint = isWord(found, 'finally')
    ? "Loom has no 'finally': a 'defer' statement runs clean-up when the flow ends, however it ends"
    : "handle the error in a catch block, or leave out 'try' to let it propagate";
  p.errorAt(
    keyword.span,
    `'try' without 'catch': expected 'catch (e) { ... }' after the try block, found ${describeToken(found)}`,
    hint,
  );
}

/** `catch (e) {}`, `catch(e: T) {}`, `catch e {}` or `catch {}` (also `catch_correction`). */
export function parseCatchClause(p: Cursor, purpose: string): CatchClause {
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
