/**
 * Tokens produced by the lexer. Words are never classified as keywords here: Loom's keywords
 * are contextual (`role`, `model`, `type`, `test`, ... stay usable as names), so the parser
 * decides from the surrounding tokens what a word means.
 */
import type { SourceSpan } from './spans.js';

interface TokenBase {
  readonly span: SourceSpan;
  /** The exact source text of the token. */
  readonly text: string;
  /** True when a line break separates this token from the previous one (or it starts the file).
   * Statements may end at a line break instead of `;`. */
  readonly newlineBefore: boolean;
}

export interface IdentifierToken extends TokenBase {
  readonly kind: 'identifier';
}

export interface NumberToken extends TokenBase {
  readonly kind: 'number';
  readonly value: number;
  readonly isFloat: boolean;
  /** Duration suffix such as `ms` or `s`, or `null`. */
  readonly unit: string | null;
}

export interface StringTextSegment {
  readonly kind: 'text';
  /** The text with escapes resolved. */
  readonly value: string;
  readonly span: SourceSpan;
}

export interface InterpolationSegment {
  readonly kind: 'interpolation';
  /** Tokens of the embedded expression, ending with an `eof` token at the closing `}`. */
  readonly tokens: readonly Token[];
  /** Span of the whole `#{...}`. */
  readonly span: SourceSpan;
}

export type StringSegment = StringTextSegment | InterpolationSegment;

export interface StringToken extends TokenBase {
  readonly kind: 'string';
  readonly segments: readonly StringSegment[];
  readonly triple: boolean;
  /** The characters between the quotes exactly as written (used by `python! """..."""`). */
  readonly rawBody: string;
}

/** `r"..."`: the body is kept verbatim. */
export interface RegexToken extends TokenBase {
  readonly kind: 'regex';
  readonly pattern: string;
}

/** `template"""..."""`: the body is kept verbatim for the template engine. */
export interface TemplateToken extends TokenBase {
  readonly kind: 'template';
  readonly body: string;
}

export interface PunctuatorToken extends TokenBase {
  readonly kind: 'punctuator';
}

export interface EndOfFileToken extends TokenBase {
  readonly kind: 'eof';
}

export type Token =
  | IdentifierToken
  | NumberToken
  | StringToken
  | RegexToken
  | TemplateToken
  | PunctuatorToken
  | EndOfFileToken;

/** Operators and punctuation, longest first within each leading character. */
export const PUNCTUATORS = [
  '|>>', '&>>',
  '|>', '||', '&&', '>>', '??', '::', '..', '->', '=>', '==', '!=', '<=', '>=', '+=', '-=', '*=', '/=', '**',
  '{', '}', '(', ')', '[', ']', ',', ';', ':', '.', '=', '<', '>', '+', '-', '*', '/', '%', '!', '?', '|', '&', '@',
] as const;

export type Punctuator = (typeof PUNCTUATORS)[number];

export function isPunctuator(token: Token, text: Punctuator): boolean {
  return token.kind === 'punctuator' && token.text === text;
}

export function isWord(token: Token, word: string): boolean {
  return token.kind === 'identifier' && token.text === word;
}

/** Source text as quoted in a message: its first line, cut to a readable length. */
export function shortened(text: string): string {
  const MESSAGE_TEXT_MAX_CHARS = 24;
  const firstLine = text.split('\n', 1)[0] ?? '';
  return firstLine.length > MESSAGE_TEXT_MAX_CHARS ? `${firstLine.slice(0, MESSAGE_TEXT_MAX_CHARS)}...` : firstLine;
}

/** How a token is named in an error message: `'flow'`, `end of file`, or a shortened string. */
export function describeToken(token: Token): string {
  if (token.kind === 'eof') return token.text === '}' ? "the '}' that ends the interpolation" : 'end of file';
  if (token.kind === 'string' || token.kind === 'regex' || token.kind === 'template') return `string ${shortened(token.text)}`;
  return `'${shortened(token.text)}'`;
}
