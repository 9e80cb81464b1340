import { readFileSync } from 'node:fs';
import type { Diagnostic, LintWarning } from './diagnostic.js';
import { analyze } from './check/analysis.js';
import type { Analysis } from './check/analysis.js';
import { checkAnalyzed, inSourceOrder } from './check/checker.js';
import { lintAnalyzed } from './check/lint.js';
import { HarnessFormFinder, harnessRuleFindings } from './check/harness-rules.js';
import type { HarnessMode } from './language/harness.js';
import { parse } from './syntax/parser.js';
import type { Program } from './syntax/ast.js';
import { readFailureReason, SourceUnreadableError } from './source-unreadable.js';

export { SourceUnreadableError };

export interface CheckFileOptions {
  /** Add the linter's warnings (W-codes); `warnUntyped` adds those about missing annotations. */
  readonly lint?: { readonly warnUntyped: boolean };
  /** Judge the program by the Nexa harness validator's rules (check/harness-rules.ts); none when absent. */
  readonly harness?: HarnessMode;
}

/** A compile error or warning from the registry, or a lint warning. */
export type Finding = Diagnostic | LintWarning;

export interface CheckResult {
  readonly file: string;
  /** The text of the entry file and of every file it includes, by path, for code frames. */
  readonly sources: ReadonlyMap<string, string>;
  readonly program: Program;
  /** What the checker worked out (includes, bindings, resolved names), which the emitter reads. */
  readonly analysis: Analysis;
  /** Syntax and semantic findings of the file and its includes, in source order. */
  readonly diagnostics: readonly Finding[];
}

const UTF8_BYTE_ORDER_MARK = '\uFEFF';

function readSource(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SourceUnreadableError(`cannot read '${path}': ${readFailureReason(error)}`, { cause: error });
  }
  // Editors on Windows may save a byte order mark; it is not source and would shift line 1 columns.
  return text.startsWith(UTF8_BYTE_ORDER_MARK) ? text.slice(UTF8_BYTE_ORDER_MARK.length) : text;
}

/** Parses and checks one .nx file without running it: the front end of validate, lint, build and run. */
export function checkFile(path: string, options: CheckFileOptions = {}): CheckResult {
  return checkSource(readSource(path), path, options);
}

/**
 * Checks `source` as if read from `file`; includes are read from disk relative to `file`. The
 * checker runs even after syntax errors: it knows the parser's recovery marks and keeps quiet
 * about names the parser could not read.
 */
export function checkSource(source: string, file: string, options: CheckFileOptions = {}): CheckResult {
  const sources = new Map([[file, source]]);
  const readIncluded = (path: string): string | undefined => {
    try {
      const text = readSource(path);
      sources.set(path, text);
      return text;
    } catch (error) {
      if (error instanceof SourceUnreadableError) return undefined;
      throw error;
    }
  };
  const parsed = parse(source, file);
  // One analysis serves check and lint: included files are read and parsed once.
  const analysis = analyze(parsed.program, { readFile: readIncluded });
  // Skill files are read by the analysis itself (bounded, check/agent-skills.ts); their text is kept for code frames.
  for (const skills of analysis.agentSkills.values()) for (const [path, text] of skills.files) sources.set(path, text);
  // The harness rules' test of whether the program uses the harness goes along the checks' traversal.
  const harness = options.harness === undefined ? undefined : { mode: options.harness, forms: new HarnessFormFinder(analysis) };
  const diagnostics: Finding[] = [...parsed.diagnostics, ...checkAnalyzed(analysis, harness === undefined ? [] : [harness.forms])];
  if (options.lint !== undefined) diagnostics.push(...lintAnalyzed(parsed.program, analysis, options.lint.warnUntyped));
  if (harness !== undefined) diagnostics.push(...harnessRuleFindings(analysis, harness.mode, harness.forms));
  return { file, sources, program: parsed.program, analysis, diagnostics: inSourceOrder(diagnostics) };
}
