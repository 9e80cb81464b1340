/**
 * Reads a type written inside a string, as protocol fields do (`score: "int"`,
 * `items: "list[dict[string, any]]"`), into the same type nodes the parser builds for written
 * annotations, with spans pointing inside the quotes so errors mark the exact name.
 */
import type { Identifier, StringType, TypeExpression } from '../syntax/ast.js';
import type { Span } from '../language/span.js';
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
  const tokens = tokenize(node.text);
  if (tokens === null || tokens.length === 0) {
    return { ok: false, message: `'${node.text}' is not a type`, span: node.span };
  }
  const reader = new TypeStringReader(node, tokens);
  try {
    const result = reader.union();
    const extra = reader.peek();
    if (extra) throw new Malformed(extra);
    return { ok: true, type: result.type };
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
    const span = error.at ? reader.spanOf(error.at.start, error.at.text.length) : node.span;
    const where = error.at ? `unexpected '${error.at.text}'` : 'it ends too early';
    return { ok: false, message: `'${node.text}' is not a well-formed type: ${where}`, span };
  }
}

/** A type read so far, with the tokens it starts and ends at (for its span). */
interface ReadType {
  readonly type: TypeExpression;
  readonly first: Token;
  readonly last: Token;
}

/** Recursive descent over the tokens: union := postfix ('|' postfix)*, postfix := primary '?'?. */
class TypeStringReader {
  private index = 0;

  constructor(
    private readonly node: StringType,
    private readonly tokens: readonly Token[],
  ) {}

  union(): ReadType {
    const members = [this.postfix()];
    while (this.peek()?.text === '|') {
      this.take('|');
      members.push(this.postfix());
    }
    const first = members[0]!;
    const last = members[members.length - 1]!;
    if (members.length === 1) return first;
    const span = this.spanFrom(first.first, last.last);
    return { type: { kind: 'UnionType', members: members.map((m) => m.type), span }, first: first.first, last: last.last };
  }

  peek(): Token | null {
    return this.tokens[this.index] ?? null;
  }

  spanOf(start: number, length: number): Span {
    return spanInsideQuotes(this.node.span, this.node.text.length, start, length);
  }

  private postfix(): ReadType {
    const inner = this.primary();
    if (this.peek()?.text !== '?') return inner;
    const mark = this.take('?');
    const span = this.spanFrom(inner.first, mark);
    return { type: { kind: 'OptionalType', inner: inner.type, span }, first: inner.first, last: mark };
  }

  private primary(): ReadType {
    const nameToken = this.take();
    if (PUNCTUATION.has(nameToken.text)) throw new Malformed(nameToken);
    const name: Identifier = { kind: 'Identifier', name: nameToken.text, span: this.spanOf(nameToken.start, nameToken.text.length) };
    const args: TypeExpression[] = [];
    let last = nameToken;
    if (this.peek()?.text === '[') {
      this.take('[');
      args.push(this.union().type);
      while (this.peek()?.text === ',') {
        this.take(',');
        args.push(this.union().type);
      }
      last = this.take(']');
    }
    return { type: { kind: 'NamedType', name, arguments: args, span: this.spanFrom(nameToken, last) }, first: nameToken, last };
  }

  private take(expected?: string): Token {
    const token = this.peek();
    if (!token || (expected !== undefined && token.text !== expected)) throw new Malformed(token);
    this.index += 1;
    return token;
  }

  private spanFrom(first: Token, last: Token): Span {
    return this.spanOf(first.start, last.start + last.text.length - first.start);
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
