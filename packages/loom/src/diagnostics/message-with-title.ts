import { ERROR_REGISTRY } from '../errors.js';
import type { ErrorCode } from '../errors.js';

/**
 * The message a compile-time finding is shown with, in text and in JSON alike: the title its
 * code has in the registry, then the detail (`Error E004: Syntax error: expected '}'`). The
 * places that raise a diagnostic may write the whole sentence (`Undeclared identifier 'X'`)
 * or only the detail (the parser's `Expected '}'`); this is where the rule is kept, so a check
 * added later cannot print a message its code's title does not lead.
 *
 * Only compile-time codes (family CompileError) follow this rule. Lint warnings are shown as
 * raised: their titles name a kind of warning for `loom explain` ("Missing type annotation
 * (only with --warn-untyped)") and would not start a sentence; runtime errors have their own
 * formats (diagnostics/runtime-error.ts).
 */
export function messageWithTitle(finding: { readonly code: string; readonly message: string }): string {
  if (!Object.hasOwn(ERROR_REGISTRY, finding.code)) return finding.message;
  const { family, title } = ERROR_REGISTRY[finding.code as ErrorCode];
  if (family !== 'CompileError') return finding.message;
  const { message } = finding;
  if (message === title || message.startsWith(`${title} `) || message.startsWith(`${title}:`)) return message;
  return `${title}: ${continuingSentence(message)}`;
}

/** After the title's colon the detail goes on mid-sentence: `Expected` becomes `expected`, `JSON` stays. */
function continuingSentence(detail: string): string {
  return /^[A-Z][a-z]/.test(detail) ? `${detail.charAt(0).toLowerCase()}${detail.slice(1)}` : detail;
}
