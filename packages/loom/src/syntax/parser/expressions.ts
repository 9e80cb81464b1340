/**
 * Expressions: precedence climbing over the binary operators (see operators.ts), then unary,
 * power and postfix forms, then primaries. A `(` or `[` on a new line starts a new statement
 * rather than a call or index.
 */
import type {
  Argument, DictEntry, Expression, ListLiteral, NumberLiteral, SpreadElement, VariantExpression,
} from '../ast.js';
import type { Token } from '../tokens.js';
import { isPunctuator, shortened } from '../tokens.js';
import { CH_UPPER_A, CH_UPPER_Z } from '../characters.js';
import type { Cursor } from './cursor.js';
import { NON_EXPRESSION_WORDS, startsExpression } from './expression-starts.js';
import { exactLength, parseCommaSeparated } from './lists.js';
import { braceStartsBlock, parseMatchExpression } from './match.js';
import { parseIdentifier } from './names.js';
import { binaryOperatorAt, PRECEDENCE_COMPARISON, PRECEDENCE_LOWEST, PRECEDENCE_NOT } from './operators.js';
import { parseType } from './types.js';
import { parseParameterList } from './signatures.js';
import { parseBlock } from './statements.js';
import { stringExpression } from './strings.js';

export function parseExpression(p: Cursor): Expression {
  return parseBinary(p, PRECEDENCE_LOWEST);
}

/** Parses an expression in a statement head, where `{` opens the body instead of a dict. */
export function parseHeadExpression(p: Cursor): Expression {
  return withBraceLiterals(p, false, () => parseExpression(p));
}

export function withBraceLiterals<T>(p: Cursor, allowed: boolean, parse: () => T): T {
  const saved = p.braceLiteralsAllowed;
  p.braceLiteralsAllowed = allowed;
  try {
    return parse();
  } finally {
    p.braceLiteralsAllowed = saved;
  }
}

function parseBinary(p: Cursor, minPrecedence: number): Expression {
  const startToken = p.current;
  let left = parseUnary(p);
  for (;;) {
    if (p.atWord('is') && !p.current.newlineBefore && PRECEDENCE_COMPARISON >= minPrecedence) {
      left = parseTypeTest(p, left, startToken);
      continue;
    }
    const info = binaryOperatorAt(p.current);
    if (info === null || info.precedence < minPrecedence) return left;
    p.advance();
    if (info.operator === 'otherwise' && p.at('{') && braceStartsBlock(p)) {
      const block = parseBlock(p, 'otherwise block');
      left = {
        kind: 'BinaryExpression', operator: 'otherwise', left,
        right: { kind: 'BlockExpression', block, span: block.span }, span: p.spanFrom(startToken),
      };
      continue;
    }
    const right = parseBinary(p, info.precedence + 1);
    if (info.operator === '??' && p.at(':')) {
      p.advance();
      const whenFalse = parseBinary(p, info.precedence + 1);
      left = { kind: 'ConditionalExpression', condition: left, whenTrue: right, whenFalse, span: p.spanFrom(startToken) };
      continue;
    }
    left = { kind: 'BinaryExpression', operator: info.operator, left, right, span: p.spanFrom(startToken) };
  }
}

/** `value is T`, `value is not T`, `value is Enum::Variant`: `is` binds like a comparison. */
function parseTypeTest(p: Cursor, value: Expression, startToken: Token): Expression {
  p.advance();
  const negated = p.atWord('not');
  if (negated) p.advance();
  const target = p.current.kind === 'identifier' && isPunctuator(p.peek(), '::') ? parseVariantTarget(p) : parseType(p);
  return { kind: 'TypeTestExpression', value, target, negated, span: p.spanFrom(startToken) };
}

function parseVariantTarget(p: Cursor): VariantExpression {
  const start = p.current;
  const enumName = parseIdentifier(p, 'an enum name');
  p.advance();
  const variant = parseIdentifier(p, "a variant name after '::'");
  return { kind: 'VariantExpression', enumName, variant, span: p.spanFrom(start) };
}

function parseNot(p: Cursor): Expression {
  const start = p.advance();
  const operand = parseBinary(p, PRECEDENCE_NOT);
  return { kind: 'UnaryExpression', operator: 'not', operand, span: p.spanFrom(start) };
}

function parseUnary(p: Cursor): Expression {
  const span = p.current.span;
  if (!p.enterNesting()) return { kind: 'Error', span };
  try {
    return parseUnaryUnguarded(p);
  } finally {
    p.exitNesting();
  }
}

function parseUnaryUnguarded(p: Cursor): Expression {
  const start = p.current;
  if (p.at('-') || p.at('!')) {
    p.advance();
    const operand = parseUnary(p);
    return { kind: 'UnaryExpression', operator: start.text === '-' ? '-' : '!', operand, span: p.spanFrom(start) };
  }
  if (p.atWord('not') && startsExpression(p.peek())) return parseNot(p);
  return parsePower(p);
}

function parsePower(p: Cursor): Expression {
  const start = p.current;
  const base = parsePostfix(p);
  if (!p.at('**')) return base;
  p.advance();
  const exponent = parseUnary(p);
  return { kind: 'BinaryExpression', operator: '**', left: base, right: exponent, span: p.spanFrom(start) };
}

function parsePostfix(p: Cursor): Expression {
  const start = p.current;
  let expression = parsePrimary(p);
  for (;;) {
    const token = p.current;
    if (isPunctuator(token, '.')) {
      p.advance();
      const property = parseIdentifier(p, "a name after '.'");
      expression = { kind: 'MemberExpression', object: expression, property, span: p.spanFrom(start) };
    } else if (isPunctuator(token, '(') && !token.newlineBefore) {
      const args = parseArgumentList(p);
      expression = { kind: 'CallExpression', callee: expression, arguments: args, span: p.spanFrom(start) };
    } else if (isPunctuator(token, '[') && !token.newlineBefore) {
      expression = parseIndexOrSlice(p, expression, start);
    } else if (isPunctuator(token, '?') && !token.newlineBefore) {
      p.advance();
      expression = { kind: 'PropagateExpression', operand: expression, span: p.spanFrom(start) };
    } else if (isPunctuator(token, '::') && expression.kind === 'Identifier') {
      p.advance();
      const variant = parseIdentifier(p, "a variant name after '::'");
      expression = { kind: 'VariantExpression', enumName: expression, variant, span: p.spanFrom(start) };
    } else {
      return expression;
    }
  }
}

function parseIndexOrSlice(p: Cursor, object: Expression, start: Token): Expression {
  p.advance();
  return withBraceLiterals(p, true, () => {
    const first = p.at(':') ? null : parseExpression(p);
    if (p.eat(':')) {
      const end = p.at(']') ? null : parseExpression(p);
      p.expect(']', 'to close the slice');
      return { kind: 'SliceExpression', object, start: first, end, span: p.spanFrom(start) };
    }
    p.expect(']', 'to close the index');
    const index = first ?? p.errorNode('an index');
    return { kind: 'IndexExpression', object, index, span: p.spanFrom(start) };
  });
}

/** `( [name (: | =)] value, ... )` */
export function parseArgumentList(p: Cursor): Argument[] {
  const open = p.current;
  p.advance();
  const args: Argument[] = [];
  withBraceLiterals(p, true, () => {
    parseCommaSeparated(p, ')', 'argument', () => {
      args.push(parseArgument(p));
    });
  });
  p.expectClosing(')', 'to close the argument list', open, 'the list');
  return exactLength(args);
}

export function parseArgument(p: Cursor): Argument {
  const start = p.current;
  const next = p.peek();
  if (start.kind === 'identifier' && (isPunctuator(next, ':') || isPunctuator(next, '='))) {
    p.advance();
    p.advance();
    const name = { kind: 'Identifier' as const, name: start.text, span: start.span };
    const value = parseEveryDuration(p) ?? parseExpression(p);
    return { kind: 'Argument', name, value, span: p.spanFrom(start) };
  }
  const value = parseEveryDuration(p) ?? parseExpression(p);
  // Spans are immutable, so an unnamed argument shares the span of its value.
  return { kind: 'Argument', name: null, value, span: value.span };
}

/**
 * Nexa's `schedule(every 30s, f)`: in an argument, `every` before a duration literal on the
 * same line is that duration, so it reaches the timer as the literal itself would. `every`
 * before anything else stays an ordinary name.
 */
function parseEveryDuration(p: Cursor): NumberLiteral | null {
  const start = p.current;
  const duration = p.peek();
  if (!p.atWord('every') || duration.kind !== 'number' || duration.unit === null || duration.newlineBefore) return null;
  p.advance();
  p.advance();
  return { kind: 'NumberLiteral', value: duration.value, isFloat: duration.isFloat, unit: duration.unit, span: p.spanFrom(start) };
}

function parsePrimary(p: Cursor): Expression {
  const token = p.current;
  switch (token.kind) {
    case 'number':
      p.advance();
      return { kind: 'NumberLiteral', value: token.value, isFloat: token.isFloat, unit: token.unit, span: token.span };
    case 'string':
      p.advance();
      return stringExpression(p, token);
    case 'regex':
      p.advance();
      return { kind: 'RegexLiteral', pattern: token.pattern, span: token.span };
    case 'template':
      p.advance();
      return { kind: 'TemplateLiteral', body: token.body, span: token.span };
    case 'identifier':
      return parseWordPrimary(p, token);
    case 'punctuator':
      if (token.text === '(') return parseParenthesized(p);
      if (token.text === '[') return parseListLiteral(p);
      if (token.text === '{' && p.braceLiteralsAllowed) return parseDictLiteral(p, token);
      break;
    default:
      break;
  }
  return p.errorNode('an expression');
}

function parseWordPrimary(p: Cursor, token: Token): Expression {
  const next = p.peek();
  switch (token.text) {
    case 'true':
    case 'false':
      p.advance();
      return { kind: 'BooleanLiteral', value: token.text === 'true', span: token.span };
    case 'null':
    case 'none':
    case 'None':
      if (isPunctuator(next, '::')) break;
      p.advance();
      return { kind: 'NullLiteral', span: token.span };
    case 'fn':
      if (isPunctuator(next, '(')) return parseFunctionExpression(p);
      break;
    case 'match':
      return parseMatchExpression(p);
    case 'fast_match':
      if (!next.newlineBefore && startsExpression(next)) return parseMatchExpression(p);
      break;
    case 'python':
      if (isPunctuator(next, '!')) return parsePythonEscape(p);
      break;
    case 'map':
      if (isPunctuator(next, '{') && !next.newlineBefore) {
        p.advance();
        return parseDictLiteral(p, token);
      }
      break;
    case 'spawn':
      if (!next.newlineBefore && !isPunctuator(next, '(') && startsExpression(next)) {
        p.advance();
        const target = parsePostfix(p);
        return { kind: 'SpawnExpression', target, span: p.spanFrom(token) };
      }
      break;
    case 'parallel':
    case 'race':
      if (isPunctuator(next, '[') && !next.newlineBefore && next.span.start.offset > token.span.end.offset) return parseBracketForm(p);
      break;
    case 'fork':
      // As with `race [...]`, the space before `[` tells the form from indexing a variable `fork`.
      if (isPunctuator(next, '[') && !next.newlineBefore && next.span.start.offset > token.span.end.offset) return parseFork(p);
      break;
    case 'await':
      if (!next.newlineBefore && startsExpression(next)) {
        p.advance();
        const operand = parsePostfix(p);
        return { kind: 'AwaitExpression', operand, timeout: null, span: p.spanFrom(token) };
      }
      break;
    default:
      if (NON_EXPRESSION_WORDS.has(token.text)) return p.errorNode('an expression');
      if (startsStructLiteral(p, token)) return parseStructLiteral(p);
  }
  p.advance();
  return { kind: 'Identifier', name: token.text, span: token.span };
}

/**
 * The docs' bracket forms `parallel [a, b]` and `race [a, b]` mean `parallel([a, b])`. The
 * space before `[` tells them from indexing a variable of that name (`race[0]`).
 */
function parseBracketForm(p: Cursor): Expression {
  const nameToken = p.advance();
  const callee = { kind: 'Identifier' as const, name: nameToken.text, span: nameToken.span };
  const branches = parseListLiteral(p);
  const argument: Argument = { kind: 'Argument', name: null, value: branches, span: branches.span };
  return { kind: 'CallExpression', callee, arguments: [argument], span: p.spanFrom(nameToken) };
}

/** `fork [a, b] merge best_of` (the strategy is optional). */
function parseFork(p: Cursor): Expression {
  const start = p.advance();
  const branches = parseListLiteral(p);
  const strategy = p.eatWord('merge') ? parseIdentifier(p, "a merge strategy after 'merge'") : null;
  return { kind: 'ForkExpression', branches, strategy, span: p.spanFrom(start) };
}

/**
 * `Point { x: 1, y: 2 }`: a capitalised name directly followed by `{ field: ...`. It means
 * the same as `Point(x: 1, y: 2)` and is read as that call.
 */
function startsStructLiteral(p: Cursor, name: Token): boolean {
  const brace = p.peek(1);
  const firstChar = name.text.charCodeAt(0);
  return p.braceLiteralsAllowed && firstChar >= CH_UPPER_A && firstChar <= CH_UPPER_Z
    && isPunctuator(brace, '{') && !brace.newlineBefore
    && p.peek(2).kind === 'identifier' && isPunctuator(p.peek(3), ':');
}

function parseStructLiteral(p: Cursor): Expression {
  const nameToken = p.advance();
  const callee = { kind: 'Identifier' as const, name: nameToken.text, span: nameToken.span };
  const open = p.advance();
  const args: Argument[] = [];
  parseCommaSeparated(p, '}', 'field', () => {
    args.push(parseArgument(p));
  });
  p.expectClosing('}', 'to close the struct fields', open, 'the fields');
  return { kind: 'CallExpression', callee, arguments: exactLength(args), span: p.spanFrom(nameToken) };
}

function parseParenthesized(p: Cursor): Expression {
  const open = p.advance();
  return withBraceLiterals(p, true, () => {
    if (p.eat(')')) return { kind: 'TupleLiteral', elements: [], span: p.spanFrom(open) };
    const first = parseExpression(p);
    if (!p.at(',')) {
      p.expectClosing(')', 'to close the parenthesised expression', open, "'('");
      return first;
    }
    const elements: Expression[] = [first];
    p.advance();
    parseCommaSeparated(p, ')', 'tuple element', () => {
      elements.push(parseExpression(p));
    });
    p.expect(')', 'to close the tuple');
    return { kind: 'TupleLiteral', elements: exactLength(elements), span: p.spanFrom(open) };
  });
}

function parseListLiteral(p: Cursor): ListLiteral {
  const open = p.advance();
  const elements: (Expression | SpreadElement)[] = [];
  withBraceLiterals(p, true, () => {
    parseCommaSeparated(p, ']', 'list element', () => {
      const start = p.current;
      if (p.eat('..')) {
        const argument = parseExpression(p);
        elements.push({ kind: 'SpreadElement', argument, span: p.spanFrom(start) });
      } else if (start.kind === 'identifier' && isPunctuator(p.peek(), ':')) {
        p.errorAtCurrent(`A list element cannot be labelled '${shortened(start.text)}:'`,
          start.text === 'fallback' ? "a model list with fallback: entries is the value of an agent's model: property" : undefined);
        elements.push(parseExpression(p));
      } else {
        elements.push(parseExpression(p));
      }
    });
  });
  p.expectClosing(']', 'to close the list', open, 'the list');
  return { kind: 'ListLiteral', elements: exactLength(elements), span: p.spanFrom(open) };
}

function parseDictLiteral(p: Cursor, start: Token): Expression {
  const open = p.current;
  p.expect('{', 'to open the map');
  const entries: DictEntry[] = [];
  withBraceLiterals(p, true, () => {
    parseCommaSeparated(p, '}', 'map entry', () => {
      const entryStart = p.current;
      const key = parseExpression(p);
      p.expect(':', 'between a map key and its value');
      const value = parseExpression(p);
      entries.push({ kind: 'DictEntry', key, value, span: p.spanFrom(entryStart) });
    });
  });
  p.expectClosing('}', 'to close the map', open, 'the map');
  return { kind: 'DictLiteral', entries: exactLength(entries), span: p.spanFrom(start) };
}

function parseFunctionExpression(p: Cursor): Expression {
  const start = p.advance();
  const parameters = parseParameterList(p);
  const body = parseBlock(p, 'function body');
  return { kind: 'FunctionExpression', parameters, body, span: p.spanFrom(start) };
}

function parsePythonEscape(p: Cursor): Expression {
  const start = p.advance();
  p.advance();
  const code = p.current;
  if (code.kind !== 'string') return p.errorNode("a string of Python code after 'python!'");
  p.advance();
  return { kind: 'PythonEscapeExpression', code: code.rawBody, span: p.spanFrom(start) };
}
