/**
 * Reads a type written inside a string, as protocol fields do (`score: "int"`,
 * `items: "list[dict[string, any]]"`), into the same type nodes the parser builds for written
 * annotations, with spans pointing inside the quotes so errors mark the exact name.
 */
import type { Identifier, StringType, TypeExpression } from '../syntax/ast.js';
import type { Span } from '../syntax/spans.js';
import { spanInsideQuotes } from './positions.js';

export type TypeStringResult =
  | { readonly ok: true; readonly type: TypeExpression }
  | { readonly ok: false; readonly message: string; readonly span: Span };

interface Token {
  readonly text: string;
  readonly start: number;
}

const NAME_PATTERN = /[A-Za-z_][A-Za-z0-9_]*/y;
const PUNCTUATION = new Set(['[', ']', ',', '|', '?']);

class Malformed extends Error {
  constructor(readonly at: Token | null) {
    super('malformed type string');
  }
}

export function readTypeString(node: StringType): TypeStringResult {
  const text = node.text;
  const spanOf = (start: number, length: number): Span => spanInsideQuotes(node.span, text.length, start, length);
  const tokens = tokenize(text);
  if (tokens === null || tokens.length === 0) {
    return { ok: false, message: `'${text}' is not a type`, span: node.span };
  }
  let index = 0;
  const peek = (): Token | null => tokens[index] ?? null;
  const take = (expected?: string): Token => {
    const token = peek();
    if (!token || (expected !== undefined && token.text !== expected)) throw new Malformed(token);
    index += 1;
    return token;
  };
  const spanFrom = (first: Token, last: Token): Span => spanOf(first.start, last.start + last.text.length - first.start);

  function union(): { type: TypeExpression; first: Token; last: Token } {
    const members = [postfix()];
    while (peek()?.text === '|') {
      take('|');
      members.push(postfix());
    }
    const first = members[0]!.first;
    const last = members[members.length - 1]!.last;
    if (members.length === 1) return members[0]!;
    return { type: { kind: 'UnionType', members: members.map((m) => m.type), span: spanFrom(first, last) }, first, last };
  }

  function postfix(): { type: TypeExpression; first: Token; last: Token } {
    const inner = primary();
    if (peek()?.text !== '?') return inner;
    const mark = take('?');
    return { type: { kind: 'OptionalType', inner: inner.type, span: spanFrom(inner.first, mark) }, first: inner.first, last: mark };
  }

  function primary(): { type: TypeExpression; first: Token; last: Token } {
    const nameToken = take();
    if (PUNCTUATION.has(nameToken.text)) throw new Malformed(nameToken);
    const name: Identifier = { kind: 'Identifier', name: nameToken.text, span: spanOf(nameToken.start, nameToken.text.length) };
    const args: TypeExpression[] = [];
    let last = nameToken;
    if (peek()?.text === '[') {
      take('[');
      args.push(union().type);
      while (peek()?.text === ',') {
        take(',');
        args.push(union().type);
      }
      last = take(']');
    }
    return { type: { kind: 'NamedType', name, arguments: args, span: spanFrom(nameToken, last) }, first: nameToken, last };
  }

  try {
    const result = union();
    const extra = peek();
    if (extra) throw new Malformed(extra);
    return { ok: true, type: result.type };
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
    const span = error.at ? spanOf(error.at.start, error.at.text.length) : node.span;
    const where = error.at ? `unexpected '${error.at.text}'` : 'it ends too early';
    return { ok: false, message: `'${text}' is not a well-formed type: ${where}`, span };
  }
}

/** Splits the text into names and punctuation; null when it holds any other character. */
function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let position = 0;
  while (position < text.length) {
    const char = text[position]!;
    if (char === ' ' || char === '\t') {
      position += 1;
    } else if (PUNCTUATION.has(char)) {
      tokens.push({ text: char, start: position });
      position += 1;
    } else {
      NAME_PATTERN.lastIndex = position;
      const match = NAME_PATTERN.exec(text);
      if (!match) return null;
      tokens.push({ text: match[0], start: position });
      position += match[0].length;
    }
  }
  return tokens;
}
