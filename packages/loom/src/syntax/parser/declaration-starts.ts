/**
 * Recognises the start of a top-level declaration from the next few tokens. Declaration words
 * are contextual, so `type = "x"` is an assignment while `type Email = str` declares a type.
 *
 * The same test drives recovery: inside a body, a declaration at column 1 means the body's
 * closing `}` is missing, so the body ends there with one error instead of swallowing the rest
 * of the file.
 */
import type { Token } from '../tokens.js';
import { isPunctuator } from '../tokens.js';
import type { Cursor } from './cursor.js';

const isName = (token: Token): boolean => token.kind === 'identifier';
/** `agent {` is never a statement, so it is read as an agent missing its name. */
const isNameOrBody = (token: Token): boolean => isName(token) || isPunctuator(token, '{');
const isString = (token: Token): boolean => token.kind === 'string';

type Shape = (p: Cursor) => boolean;

export type DeclarationKeyword =
  | 'include' | 'use' | 'agent' | 'tool' | 'fn' | 'protocol' | 'flow' | 'test' | 'type' | 'struct' | 'enum'
  | 'trait' | 'impl' | 'job' | 'server' | 'db' | 'auth' | 'kv';

/** What must follow each keyword for it to start a declaration rather than name a variable. */
const DECLARATION_SHAPES: ReadonlyMap<DeclarationKeyword, Shape> = new Map<DeclarationKeyword, Shape>([
  ['include', (p) => isString(p.peek(1))],
  ['use', (p) => p.peek(1).text === 'config' && isName(p.peek(2))],
  ['agent', (p) => isNameOrBody(p.peek(1))],
  ['tool', (p) => (isName(p.peek(1)) && isPunctuator(p.peek(2), '{')) || isPunctuator(p.peek(1), '{')],
  ['fn', (p) => isName(p.peek(1))],
  ['protocol', (p) => (isName(p.peek(1)) && isPunctuator(p.peek(2), '{')) || isPunctuator(p.peek(1), '{')],
  ['flow', (p) => isNameOrBody(p.peek(1))],
  ['test', (p) => isString(p.peek(1))],
  ['type', (p) => isName(p.peek(1)) && isPunctuator(p.peek(2), '=')],
  ['struct', dataTypeShape],
  ['enum', dataTypeShape],
  ['trait', dataTypeShape],
  ['impl', (p) => isName(p.peek(1)) && p.peek(2).text === 'for'],
  ['job', (p) => isName(p.peek(1)) && (p.peek(2).text === 'on' || isPunctuator(p.peek(2), '{'))],
  ['server', (p) => (isName(p.peek(1)) || p.peek(1).kind === 'number') && isPunctuator(p.peek(2), '{')],
  ['db', resourceShape],
  ['auth', resourceShape],
  ['kv', resourceShape],
]);

/** Every word that can begin a declaration. */
export const DECLARATION_KEYWORDS: readonly DeclarationKeyword[] = [...DECLARATION_SHAPES.keys()];

/** `struct Name {`, or `enum Option[T] {`, whose unsupported type parameters get their own error. */
function dataTypeShape(p: Cursor): boolean {
  const after = p.peek(2);
  return isName(p.peek(1)) && (isPunctuator(after, '{') || isPunctuator(after, '[') || isPunctuator(after, '<'));
}

function resourceShape(p: Cursor): boolean {
  return isName(p.peek(1)) && (isPunctuator(p.peek(2), '=') || isPunctuator(p.peek(2), '{'));
}

/** The keyword of the declaration that starts at the cursor, or `null`. */
export function declarationAt(p: Cursor): DeclarationKeyword | null {
  const token = p.current;
  if (token.kind !== 'identifier') return null;
  const keyword = DECLARATION_KEYWORDS.find((candidate) => candidate === token.text);
  if (keyword === undefined) return null;
  return DECLARATION_SHAPES.get(keyword)?.(p) === true ? keyword : null;
}

export function startsDeclaration(p: Cursor): boolean {
  return declarationAt(p) !== null;
}

/**
 * A declaration (or decorator) written at column 1: inside a body, this means a `}` is
 * missing.
 */
export function startsDeclarationAtLineStart(p: Cursor): boolean {
  const DECLARATION_COLUMN = 1;
  if (p.current.span.start.column !== DECLARATION_COLUMN || !p.current.newlineBefore) return false;
  return startsDeclarationOrDecorator(p);
}

export function startsDeclarationOrDecorator(p: Cursor): boolean {
  return startsDeclaration(p) || (isPunctuator(p.current, '@') && isName(p.peek(1)));
}
