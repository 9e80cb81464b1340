/**
 * `std.math.math_calc`: an arithmetic expression of numbers, `+ - * / %`, `**`, unary signs
 * and parentheses, evaluated by a small recursive-descent reader — never by `eval`, as the
 * reference promises: any other character is refused before anything is computed.
 */
import { fail } from '../core/script-error.js';

const ALLOWED = /^[\d\s+\-*/%.()eE]*$/;
/** Parentheses nested deeper than this are refused: the reader recurses once per level. */
const MAX_NESTING = 100;

export function evaluateArithmetic(expression: string): number {
  if (!ALLOWED.test(expression)) return fail(`math_calc allows only numbers, + - * / % ** and parentheses, got '${expression}'`);
  const reader = new ArithmeticReader(expression);
  const value = reader.sum();
  reader.expectEnd();
  return value;
}

class ArithmeticReader {
  private position = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  sum(): number {
    let value = this.product();
    for (;;) {
      if (this.eat('+')) value += this.product();
      else if (this.eat('-')) value -= this.product();
      else return value;
    }
  }

  expectEnd(): void {
    this.skipSpaces();
    if (this.position < this.text.length) fail(`math_calc: unexpected '${this.text[this.position]}' at ${this.position + 1} in '${this.text}'`);
  }

  private product(): number {
    let value = this.power();
    for (;;) {
      if (this.peek('**')) return value;
      if (this.eat('*')) value *= this.power();
      else if (this.eat('/')) {
        const divisor = this.power();
        if (divisor === 0) return fail(`math_calc: division by zero in '${this.text}'`);
        value /= divisor;
      } else if (this.eat('%')) value %= this.power();
      else return value;
    }
  }

  /** `**` binds tighter than `*` and to the right, as in Python. */
  private power(): number {
    const base = this.unary();
    return this.eat('**') ? base ** this.power() : base;
  }

  private unary(): number {
    if (this.eat('-')) return -this.unary();
    if (this.eat('+')) return this.unary();
    return this.primary();
  }

  private primary(): number {
    if (this.eat('(')) {
      if (++this.depth > MAX_NESTING) return fail(`math_calc: parentheses nested deeper than ${MAX_NESTING}`);
      const value = this.sum();
      if (!this.eat(')')) return fail(`math_calc: a '(' is not closed in '${this.text}'`);
      this.depth -= 1;
      return value;
    }
    this.skipSpaces();
    const match = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(this.text.slice(this.position));
    if (match === null) return fail(`math_calc: expected a number at ${this.position + 1} in '${this.text}'`);
    this.position += match[0].length;
    return Number(match[0]);
  }

  private peek(token: string): boolean {
    this.skipSpaces();
    return this.text.startsWith(token, this.position);
  }

  private eat(token: string): boolean {
    if (!this.peek(token)) return false;
    // A lone `*` must not swallow the first half of `**`.
    if (token === '*' && this.text.startsWith('**', this.position)) return false;
    this.position += token.length;
    return true;
  }

  private skipSpaces(): void {
    while (this.text[this.position] === ' ' || this.text[this.position] === '\t') this.position += 1;
  }
}
