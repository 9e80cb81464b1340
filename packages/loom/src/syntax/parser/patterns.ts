/**
 * Patterns of `match` arms and of `let`/`for` destructuring: `_`, names, literals, tuples,
 * arrays with `..rest`, maps with `..rest`, enum variants and `intent("...")` arms.
 */
import type {
  ArrayPattern, Identifier, LiteralPattern, MapPattern, MapPatternEntry, Pattern, TuplePattern,
} from '../ast.js';
import type { Token } from '../tokens.js';
import { describeToken, isPunctuator } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseExpression, withBraceLiterals } from './expressions.js';
import { parseCommaSeparated } from './lists.js';
import { parseIdentifier } from './names.js';
import { parsePlainString, plainStringValue } from './strings.js';

export function parsePattern(p: Cursor): Pattern {
  const span = p.current.span;
  if (!p.enterNesting()) return { kind: 'Error', span };
  try {
    return parsePatternUnguarded(p);
  } finally {
    p.exitNesting();
  }
}

function parsePatternUnguarded(p: Cursor): Pattern {
  const token = p.current;
  switch (token.kind) {
    case 'number':
    case 'string':
      return parseLiteralPattern(p);
    case 'identifier':
      return parseWordPattern(p, token);
    case 'punctuator':
      if (token.text === '-' && p.peek().kind === 'number') return parseLiteralPattern(p);
      if (token.text === '(') return parseTuplePattern(p);
      if (token.text === '[') return parseArrayPattern(p);
      if (token.text === '{') return parseMapPattern(p);
      break;
    default:
      break;
  }
  p.errorAtCurrent(`expected a pattern, found ${describeToken(token)}`);
  return { kind: 'Error', span: token.span };
}

function parseLiteralPattern(p: Cursor): Pattern {
  const start = p.current;
  const negative = p.eat('-');
  const token = p.advance();
  let value: LiteralPattern['value'];
  if (token.kind === 'number') {
    value = {
      kind: 'NumberLiteral', value: negative ? -token.value : token.value, isFloat: token.isFloat,
      unit: token.unit, span: p.spanFrom(start),
    };
  } else if (token.kind === 'string') {
    const text = plainStringValue(token);
    if (text === null) {
      p.errorAt(token.span, 'A string pattern cannot contain an interpolation');
      return { kind: 'Error', span: token.span };
    }
    value = { kind: 'StringLiteral', value: text, triple: token.triple, span: token.span };
  } else {
    return { kind: 'Error', span: token.span };
  }
  return { kind: 'LiteralPattern', value, span: p.spanFrom(start) };
}

function parseWordPattern(p: Cursor, token: Token): Pattern {
  const next = p.peek();
  switch (token.text) {
    case '_':
      p.advance();
      return { kind: 'WildcardPattern', span: token.span };
    case 'true':
    case 'false':
      p.advance();
      return {
        kind: 'LiteralPattern', value: { kind: 'BooleanLiteral', value: token.text === 'true', span: token.span },
        span: token.span,
      };
    case 'null':
    case 'none':
    case 'None':
      if (isPunctuator(next, '::') || isPunctuator(next, '(')) break;
      p.advance();
      return { kind: 'LiteralPattern', value: { kind: 'NullLiteral', span: token.span }, span: token.span };
    case 'intent':
      if (isPunctuator(next, '(')) return parseIntentPattern(p);
      break;
    default:
      break;
  }
  const first = parseIdentifier(p, 'a pattern');
  if (p.eat('::')) {
    const variant = parseIdentifier(p, "a variant name after '::'");
    return finishVariantPattern(p, token, first, variant);
  }
  if (p.at('(') && !p.current.newlineBefore) return finishVariantPattern(p, token, null, first);
  return { kind: 'BindingPattern', name: first, span: first.span };
}

function finishVariantPattern(p: Cursor, start: Token, enumName: Identifier | null, variant: Identifier): Pattern {
  let fields: Pattern[] | null = null;
  if (p.at('(') && !p.current.newlineBefore) {
    p.advance();
    const collected: Pattern[] = [];
    parseCommaSeparated(p, ')', 'variant field pattern', () => {
      collected.push(parsePattern(p));
    });
    p.expect(')', 'to close the variant pattern');
    fields = collected;
  }
  return { kind: 'VariantPattern', enumName, variant, fields, span: p.spanFrom(start) };
}

function parseIntentPattern(p: Cursor): Pattern {
  const start = p.advance();
  p.advance();
  const description = withBraceLiterals(p, true, () => parseExpression(p));
  p.expect(')', "to close 'intent('");
  return { kind: 'IntentPattern', description, span: p.spanFrom(start) };
}

function parseTuplePattern(p: Cursor): TuplePattern {
  const start = p.advance();
  const elements: Pattern[] = [];
  parseCommaSeparated(p, ')', 'tuple pattern element', () => {
    elements.push(parsePattern(p));
  });
  p.expect(')', 'to close the tuple pattern');
  return { kind: 'TuplePattern', elements, span: p.spanFrom(start) };
}

/** `[a, b, ..rest]`; the reference examples also write `[a, b..rest]`, read the same way. */
function parseArrayPattern(p: Cursor): ArrayPattern {
  const start = p.advance();
  const elements: Pattern[] = [];
  let rest: Identifier | null = null;
  parseCommaSeparated(p, ']', 'array pattern element', () => {
    if (p.eat('..')) {
      rest = parseRestName(p, rest);
      return;
    }
    elements.push(parsePattern(p));
    if (p.eat('..')) rest = parseRestName(p, rest);
  });
  p.expect(']', 'to close the array pattern');
  return { kind: 'ArrayPattern', elements, rest, span: p.spanFrom(start) };
}

function parseRestName(p: Cursor, existing: Identifier | null): Identifier {
  const name = parseIdentifier(p, "a name after '..'");
  if (existing !== null) p.errorAt(name.span, "only one '..rest' collector is allowed in a pattern");
  return name;
}

/** `{ name, age: a, "email": e, ..rest }` */
function parseMapPattern(p: Cursor): MapPattern {
  const start = p.advance();
  const entries: MapPatternEntry[] = [];
  let rest: Identifier | null = null;
  parseCommaSeparated(p, '}', 'map pattern entry', () => {
    if (p.eat('..')) {
      rest = parseRestName(p, rest);
      return;
    }
    const entryStart = p.current;
    let key: MapPatternEntry['key'];
    if (entryStart.kind === 'string') {
      key = parsePlainString(p, 'key in the map pattern');
    } else {
      key = parseIdentifier(p, 'a key in the map pattern');
    }
    const value = p.eat(':') ? parsePattern(p) : null;
    entries.push({ kind: 'MapPatternEntry', key, value, span: p.spanFrom(entryStart) });
  });
  p.expect('}', 'to close the map pattern');
  return { kind: 'MapPattern', entries, rest, span: p.spanFrom(start) };
}
