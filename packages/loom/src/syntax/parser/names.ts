/** Names where the grammar requires one (declaration names, members after `.`, parameters). */
import type { Identifier } from '../ast.js';
import { describeToken } from '../tokens.js';
import type { Cursor } from './cursor.js';

/** Reads a name, or reports `expected <what>` and returns an empty-named placeholder. */
export function parseIdentifier(p: Cursor, what: string): Identifier {
  const token = p.current;
  if (token.kind === 'identifier') {
    p.advance();
    return { kind: 'Identifier', name: token.text, span: token.span };
  }
  p.errorAtCurrent(`expected ${what}, found ${describeToken(token)}`);
  return { kind: 'Identifier', name: '', span: token.span };
}
