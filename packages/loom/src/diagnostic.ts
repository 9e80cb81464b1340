import { ERROR_REGISTRY } from './errors.js';
import type { ErrorCode, LintCode } from './errors.js';
import type { Span } from './language/span.js';

export type Severity = 'error' | 'warning';

/**
 * One finding of the compiler. `message` is the sentence shown after `Error E001: `, composed
 * once by `diagnostic` from the code's title in the registry; `hint` is an optional remedy line
 * printed under the code frame.
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

export interface DiagnosticOptions {
  /** A remedy line printed under the code frame. */
  readonly hint?: string | undefined;
  /**
   * What the finding is about, written as it follows the title: a quoted name
   * (`'Writer'`, giving "Undeclared identifier 'Writer'") or a phrase
   * (`of parameter 'x'`, giving "Duplicate declaration of parameter 'x'").
   */
  readonly subject?: string;
}

/**
 * A compile-time finding with an E-code. Its message follows one rule, so no report has to
 * guess whether a title is already there: the title from the registry, then ` ${subject}` when
 * there is one, then `: ${detail}` when there is one — "Syntax error: expected '}'",
 * "Undeclared identifier 'std.x': the standard library has no namespace 'x'". The detail goes
 * on mid-sentence, so it starts in lower case unless its first word is a name.
 *
 * Every such finding is an error: what only deserves a warning is a lint finding with a
 * W-code (`lintWarning`).
 */
export function diagnostic(code: ErrorCode, span: Span, detail?: string, options: DiagnosticOptions = {}): Diagnostic {
  const subject = options.subject === undefined ? '' : ` ${options.subject}`;
  const message = `${ERROR_REGISTRY[code].title}${subject}${detail === undefined ? '' : `: ${detail}`}`;
  return withHint({ code, severity: 'error', message, span }, options.hint);
}

/**
 * A lint finding with a W-code. Unlike `diagnostic`, its message is the whole sentence as
 * written: a lint title names a kind of warning for `loom explain` ("Missing type annotation
 * (only with --warn-untyped)") and would not start one.
 */
export function lintWarning(code: LintCode, span: Span, message: string, options: { readonly hint?: string | undefined } = {}): LintWarning {
  return withHint({ code, severity: 'warning', message, span }, options.hint);
}

/** A finding without a hint has no `hint` key at all, so JSON output and comparisons omit it. */
function withHint<Finding extends Diagnostic | LintWarning>(finding: Finding, hint: string | undefined): Finding {
  return hint === undefined ? finding : { ...finding, hint };
}
