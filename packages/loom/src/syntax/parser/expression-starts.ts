/** Which tokens can begin an expression, for statements whose value is optional. */
import type { Token } from '../tokens.js';

/** Whether `token` can begin an expression (used where an expression is optional). */
export function startsExpression(token: Token): boolean {
  switch (token.kind) {
    case 'number': case 'string': case 'regex': case 'template': return true;
    case 'identifier': return !NON_EXPRESSION_WORDS.has(token.text);
    case 'punctuator':
      return token.text === '(' || token.text === '[' || token.text === '{' || token.text === '-' || token.text === '!';
    default: return false;
  }
}

/** Words that can never begin an expression; `else x` is a syntax error, not a reference. */
export const NON_EXPRESSION_WORDS: ReadonlySet<string> = new Set([
  'else', 'catch', 'let', 'if', 'for', 'while', 'return', 'break', 'continue', 'try',
]);
