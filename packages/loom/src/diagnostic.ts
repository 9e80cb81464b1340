import type { ErrorCode, LintCode } from './errors.js';
import type { Span } from './syntax/spans.js';

export type Severity = 'error' | 'warning';

/**
 * One finding of the compiler. `message` is the sentence shown after `Error E001: `, led by
 * the code's title in the registry (`Undeclared identifier 'Writer'`), or only the detail
 * (`Expected '}'`), which reports then print after the title (diagnostics/message-with-title.ts);
 * `hint` is an optional remedy line printed under the code frame.
 */
export interface Diagnostic {
  readonly code: ErrorCode;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  readonly hint?: string;
}

/** A lint finding: like a Diagnostic, but with a W-code and always a warning. */
export interface LintWarning extends Omit<Diagnostic, 'code' | 'severity'> {
  readonly code: LintCode;
  readonly severity: 'warning';
}

