import type { Diagnostic } from '../diagnostic.js';
import type { Span } from './spans.js';

/** An E004 syntax diagnostic: every lexer and parser error goes through here. */
export function syntaxError(message: string, span: Span, hint?: string): Diagnostic {
  return hint === undefined
    ? { code: 'E004', severity: 'error', message, span }
    : { code: 'E004', severity: 'error', message, span, hint };
}
