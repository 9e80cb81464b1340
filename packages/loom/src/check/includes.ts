/**
 * `include "x.nxlib";` — splices the declarations of another file into the including program at
 * the point of the include, so that everything later in the includer sees them (and, for the
 * agents-before-use rule, nothing earlier does). Paths are relative to the including file.
 * A file is read once however often it is included; including a file that is still being
 * expanded (a cycle, or a file including itself) is an error naming the whole cycle.
 * Relative paths are resolved against the including file, absolute paths taken as written.
 */
import { dirname, isAbsolute, join, normalize, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostic.js';
import type { IncludeDeclaration, Program, TopLevelItem } from '../syntax/ast.js';
import { parse } from '../syntax/parser.js';

const SECRETS_FILE_EXTENSION = '.nxs';

/** Reads a source file; `undefined` when it does not exist or cannot be read. */
export type ReadSourceFile = (path: string) => string | undefined;

export interface SourceUnit {
  /** The path the file was read under (relative paths stay relative to the entry's directory). */
  readonly file: string;
  readonly program: Program;
  readonly isEntry: boolean;
}

/** A top-level item of some file, numbered by its position in the expanded program. */
export interface PlacedItem {
  readonly item: TopLevelItem;
  readonly order: number;
  readonly unit: SourceUnit;
}

export interface ExpandedProgram {
  readonly units: readonly SourceUnit[];
  readonly items: readonly PlacedItem[];
  /** Missing files and cycles, plus the syntax errors of included files. */
  readonly diagnostics: readonly Diagnostic[];
}

export function expandIncludes(entry: Program, readFile: ReadSourceFile): ExpandedProgram {
  const units: SourceUnit[] = [];
  const items: PlacedItem[] = [];
  const diagnostics: Diagnostic[] = [];
  const expanded = new Set<string>();
  const inProgress: string[] = [];
  const displayNames = new Map<string, string>();

  function expand(unit: SourceUnit): void {
    const identity = resolve(unit.file);
    expanded.add(identity);
    inProgress.push(identity);
    displayNames.set(identity, unit.file);
    units.push(unit);
    for (const item of unit.program.items) {
      if (item.kind === 'IncludeDeclaration') include(item, unit);
      items.push({ item, order: items.length, unit });
    }
    inProgress.pop();
  }

  function include(declaration: IncludeDeclaration, includer: SourceUnit): void {
    const spec = declaration.path.value;
    // `include "secrets.nxs";` names the secrets file the runtime reads, not Loom source.
    if (spec.endsWith(SECRETS_FILE_EXTENSION)) return;
    const file = isAbsolute(spec) ? normalize(spec) : join(dirname(includer.file), spec);
    const identity = resolve(file);
    const cycleStart = inProgress.indexOf(identity);
    if (cycleStart >= 0) {
      const chain = inProgress.slice(cycleStart).map((id) => displayNames.get(id) ?? id);
      diagnostics.push(cycleDiagnostic(declaration, chain));
      return;
    }
    if (expanded.has(identity)) return;
    const source = readFile(file);
    if (source === undefined) {
      diagnostics.push({
        code: 'E001',
        severity: 'error',
        message: `Undeclared identifier: included file '${spec}' not found`,
        span: declaration.path.span,
        hint: `include paths are relative to the including file; looked for '${file}'`,
      });
      return;
    }
    const parsed = parse(source, file);
    diagnostics.push(...parsed.diagnostics);
    expand({ file, program: parsed.program, isEntry: false });
  }

  expand({ file: entry.span.file, program: entry, isEntry: true });
  return { units, items, diagnostics };
}

/** `chain` lists the files from the one included again to the includer closing the cycle. */
function cycleDiagnostic(declaration: IncludeDeclaration, chain: readonly string[]): Diagnostic {
  const selfInclude = chain.length === 1;
  return {
    // A cycle would declare every name of the files in it a second time.
    code: 'E005',
    severity: 'error',
    message: selfInclude
      ? `Duplicate declaration: file '${chain[0]}' includes itself`
      : `Duplicate declaration: include cycle ${[...chain, chain[0]].join(' → ')}`,
    span: declaration.path.span,
    hint: selfInclude
      ? 'remove this include: a file always sees its own declarations'
      : 'remove one include of the cycle; declarations of an included file are visible to every file that includes it, directly or not',
  };
}
