/**
 * The parser's view of the token stream: look-ahead, expectation checks with E004 messages,
 * span construction and error recovery. All parse functions share one Cursor.
 *
 * Cascade control (panic mode): after an error, further errors are suppressed until the
 * parser reaches the next statement, member or declaration and calls `recover()`; the caller
 * meanwhile skips to that synchronisation point (`skipToStatementBoundary`,
 * `skipToDeclaration`). So a single mistake produces a single message.
 */
import type { Diagnostic } from '../../diagnostic.js';
import type { ErrorNode } from '../ast.js';
import { SourceSpan } from '../spans.js';
import type { Span } from '../../language/span.js';
import { describeToken, isPunctuator, isWord } from '../tokens.js';
import type { Punctuator, Token } from '../tokens.js';
import { syntaxError } from '../syntax-error.js';

/**
 * Deepest nesting of expressions, blocks, patterns and types the parser follows. Real programs
 * stay far below it; it keeps pathological input (10 000 open parentheses) from exhausting the
 * call stack, so `parse` never throws.
 */
const MAX_NESTING_DEPTH = 128;

/** Where a Cursor reads tokens from: the lexer's stream, or the token list of an interpolation. */
export interface TokenSource {
  /** The next token; an eof token at the end, and again on every later call. */
  next(): Token;
}

/** A token list that ends with an eof token (an interpolation's tokens) as a TokenSource. */
class TokenListSource implements TokenSource {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  next(): Token {
    const last = this.tokens.length - 1;
    return this.tokens[Math.min(this.index++, last)] as Token;
  }
}

/** Consumed tokens are dropped from the look-ahead buffer in batches of this many. */
const BUFFER_COMPACTION_TOKENS = 256;

export class Cursor {
  /** Look-ahead buffer: `buffer[head]` is the current token. */
  private buffer: Token[] = [];
  private head = 0;
  /** Tokens consumed so far; the basis of `mark`. */
  private consumed = 0;
  /** The last token consumed; spans of finished nodes end here. */
  private previous: Token;
  private currentToken: Token;
  /** Offset of the last reported error; a second error at or before it is a cascade. */
  private lastErrorOffset = -1;
  /** Set by an error, cleared by `recover()` at the next synchronisation point. */
  private panicking = false;
  private depth: number;
  /** False while parsing an `if`/`while`/`for`/`match` head, where `{` opens the body. */
  braceLiteralsAllowed = true;

  /**
   * `lexicalErrorLines` are the lines where the lexer already reported an error (such as an
   * unterminated string); a parser error there, or right after such a token, is its echo.
   */
  constructor(
    private readonly source: TokenSource,
    readonly diagnostics: Diagnostic[],
    readonly lexicalErrorLines: ReadonlySet<number>,
    initialDepth = 0,
  ) {
    this.depth = initialDepth;
    const first = source.next();
    this.buffer.push(first);
    this.previous = first;
    this.currentToken = first;
  }

  /** The token at the cursor (kept in a field: it is read far more often than it changes). */
  get current(): Token {
    return this.currentToken;
  }

  /** The token `distance` places ahead; past the end this is the eof token. */
  peek(distance = 1): Token {
    const buffer = this.buffer;
    const index = this.head + distance;
    while (buffer.length <= index) {
      const last = buffer[buffer.length - 1];
      if (last !== undefined && last.kind === 'eof') return last;
      buffer.push(this.source.next());
    }
    return buffer[index] as Token;
  }

  get atEnd(): boolean {
    return this.current.kind === 'eof';
  }

  /** A marker for `hasAdvancedSince`, used to guard loops against making no progress. */
  get mark(): number {
    return this.consumed;
  }

  hasAdvancedSince(mark: number): boolean {
    return this.consumed > mark;
  }

  advance(): Token {
    const token = this.currentToken;
    if (token.kind !== 'eof') {
      this.head++;
      this.consumed++;
      this.previous = token;
      if (this.head >= BUFFER_COMPACTION_TOKENS) {
        this.buffer.splice(0, this.head);
        this.head = 0;
      }
      this.currentToken = this.peek(0);
    }
    return token;
  }

  at(punctuator: Punctuator): boolean {
    return isPunctuator(this.current, punctuator);
  }

  atWord(word: string): boolean {
    return isWord(this.current, word);
  }

  eat(punctuator: Punctuator): boolean {
    if (!this.at(punctuator)) return false;
    this.advance();
    return true;
  }

  eatWord(word: string): boolean {
    if (!this.atWord(word)) return false;
    this.advance();
    return true;
  }

  /** True when the current token starts a new line (or the input ended). */
  get atLineStart(): boolean {
    return this.current.newlineBefore || this.atEnd;
  }

  /**
   * Consumes `punctuator` or reports `expected '<p>' <purpose>, found <token>`.
   * Returns whether the token was there.
   */
  expect(punctuator: Punctuator, purpose: string, hint?: string): boolean {
    if (this.eat(punctuator)) return true;
    this.errorAtCurrent(`expected '${punctuator}' ${purpose}, found ${describeToken(this.current)}`, hint);
    return false;
  }

  /**
   * Consumes the `closer` of a group that `open` opened, or reports it missing with a hint naming
   * where the group (`group`, as in "the list") was opened. The hint is worked out only on error:
   * nearly every group closes, and its line is a search of the line table.
   */
  expectClosing(closer: Punctuator, purpose: string, open: Token, group: string, withColumn = false): boolean {
    if (this.eat(closer)) return true;
    const { line, column } = open.span.start;
    return this.expect(closer, purpose, `${group} opened at line ${line}${withColumn ? `, column ${column}` : ''}`);
  }

  /**
   * Span from `start` to the end of the last consumed token (or of `start` if none was). A node
   * that is just its first token shares that token's span rather than holding an equal copy.
   */
  spanFrom(start: Token): Span {
    const first = start.span;
    const last = this.previous.span;
    if (last.endOffset < first.startOffset || last.endOffset === first.endOffset) return first;
    return new SourceSpan(first.source, first.startOffset, last.endOffset);
  }

  /** `detail` goes on after "Syntax error: ", so it starts in lower case (`expected ...`). */
  errorAtCurrent(detail: string, hint?: string): void {
    this.errorAt(this.current.span, detail, hint);
  }

  errorAt(span: Span, detail: string, hint?: string): void {
    if (this.panicking || span.start.offset <= this.lastErrorOffset) return;
    if (this.lexicalErrorLines.has(span.start.line) || this.lexicalErrorLines.has(this.previous.span.end.line)) return;
    this.panicking = true;
    this.lastErrorOffset = span.start.offset;
    this.diagnostics.push(syntaxError(detail, span, hint));
  }

  /**
   * Enters one nesting level (pair with `exitNesting`). Beyond MAX_NESTING_DEPTH it reports the
   * error once, skips the current token or group so the caller makes progress, and returns false.
   */
  enterNesting(): boolean {
    if (this.depth >= MAX_NESTING_DEPTH) {
      this.errorAtCurrent(`nesting is too deep: more than ${MAX_NESTING_DEPTH} levels of brackets, blocks or operators`);
      this.skipTokenOrGroup();
      return false;
    }
    this.depth++;
    return true;
  }

  exitNesting(): void {
    this.depth--;
  }

  /** A cursor over the tokens of a `#{...}` interpolation, nested at the current depth. */
  forInterpolation(tokens: readonly Token[]): Cursor {
    return new Cursor(new TokenListSource(tokens), this.diagnostics, this.lexicalErrorLines, this.depth);
  }

  /** Called where a new statement, member or declaration starts: errors count again. */
  recover(): void {
    this.panicking = false;
  }

  /** Reports `expected <what>, found <token>` and returns an error node at the current token. */
  errorNode(what: string): ErrorNode {
    const token = this.current;
    this.errorAtCurrent(`expected ${what}, found ${describeToken(token)}`);
    return { kind: 'Error', span: token.span };
  }

  /** Skips one token or a whole balanced `(...)`, `[...]`, `{...}` group. */
  skipTokenOrGroup(): void {
    const opensGroup = isOpener(this.current);
    this.advance();
    if (!opensGroup) return;
    let depth = 1;
    while (!this.atEnd && depth > 0) {
      const token = this.advance();
      if (isOpener(token)) depth++;
      else if (isCloser(token)) depth--;
    }
  }

  /**
   * Error recovery inside a body: skips to the end of the broken statement, i.e. past a `;`,
   * or up to a line break, or up to the `}` closing the body (not consumed).
   */
  skipToStatementBoundary(): void {
    const start = this.mark;
    while (!this.atEnd) {
      if (this.eat(';')) return;
      if (isCloser(this.current)) {
        if (!this.hasAdvancedSince(start) && !this.at('}')) this.advance();
        return;
      }
      if (this.current.newlineBefore && this.hasAdvancedSince(start)) return;
      this.skipTokenOrGroup();
    }
  }

  /** Recovery at top level: skips to the next token that starts a line and a declaration. */
  skipToDeclaration(startsDeclaration: () => boolean): void {
    const start = this.mark;
    while (!this.atEnd) {
      if (this.hasAdvancedSince(start) && this.current.newlineBefore && startsDeclaration()) return;
      this.skipTokenOrGroup();
    }
  }
}

function isOpener(token: Token): boolean {
  return token.kind === 'punctuator' && (token.text === '(' || token.text === '[' || token.text === '{');
}

function isCloser(token: Token): boolean {
  return token.kind === 'punctuator' && (token.text === ')' || token.text === ']' || token.text === '}');
}
