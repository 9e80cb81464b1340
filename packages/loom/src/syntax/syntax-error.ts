import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { plainSpan } from './spans.js';
import type { Span } from '../language/span.js';

/**
 * An E004 syntax diagnostic: every lexer and parser error goes through here. `detail` goes on
 * after "Syntax error: ", mid-sentence ("expected '}' ..."). Its span is plain data: a
 * diagnostic is reported, compared and kept after the parse, unlike the tree's spans.
 */
export function syntaxError(detail: string, span: Span, hint?: string): Diagnostic {
  return diagnostic('E004', plainSpan(span), detail, { hint });
}
