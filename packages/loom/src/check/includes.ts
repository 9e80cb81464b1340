/**
 * `include "x.nxlib";` — splices the declarations of another file into the including program at
 * the point of the include, so that everything later in the includer sees them (and, for the
 * agents-before-use rule, nothing earlier does). Paths are relative to the including file.
 * A file is read once however often it is included; including a file that is still being
 * expanded (a cycle, or a file including itself) is an error naming the whole cycle.
 * Relative paths are resolved against the including file, absolute paths taken as written; a
 * relative path not found there is looked for in the `stdlib/` folders above it (findIncluded).
 */
import { dirname, isAbsolute, join, normalize, resolve } from 'node:path';
import { diagnostic } from '../diagnostic.js';
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
    const besideIncluder = isAbsolute(spec) ? normalize(spec) : join(dirname(includer.file), spec);
    const found = findIncluded(besideIncluder, spec, includer.file, readFile);
    const file = found?.file ?? besideIncluder;
    const identity = resolve(file);
    const cycleStart = inProgress.indexOf(identity);
    if (cycleStart >= 0) {
      const chain = inProgress.slice(cycleStart).map((id) => displayNames.get(id) ?? id);
      diagnostics.push(cycleDiagnostic(declaration, chain));
      return;
    }
    if (expanded.has(identity)) return;
    if (found === undefined) {
      diagnostics.push(diagnostic('E001', declaration.path.span, `included file '${spec}' not found`, {
        hint: `include paths are relative to the including file, then tried in a stdlib/ folder of an enclosing directory; looked for '${besideIncluder}'`,
      }));
      return;
    }
    const parsed = parse(found.source, file);
    diagnostics.push(...parsed.diagnostics);
    expand({ file, program: parsed.program, isEntry: false });
  }

  expand({ file: entry.span.file, program: entry, isEntry: true });
  return { units, items, diagnostics };
}

/** `chain` lists the files from the one included again to the includer closing the cycle. */
function cycleDiagnostic(declaration: IncludeDeclaration, chain: readonly string[]): Diagnostic {
  const selfInclude = chain.length === 1;
  const detail = selfInclude ? `file '${chain[0]}' includes itself` : `include cycle ${[...chain, chain[0]].join(' → ')}`;
  // A cycle would declare every name of the files in it a second time.
  return diagnostic('E005', declaration.path.span, detail, {
    hint: selfInclude
      ? 'remove this include: a file always sees its own declarations'
      : 'remove one include of the cycle; declarations of an included file are visible to every file that includes it, directly or not',
  });
}

const STDLIB_FOLDER = 'stdlib';

/**
 * The file an include names: beside the including file, else — as Nexa's CLI does — in a
 * `stdlib/` folder, looked for in the including file's directory and then each directory
 * above it, nearest first (a project's own `stdlib/`, or the one at the root of a checkout of
 * the Nexa examples). `include "stdlib/news.nx"` also finds `stdlib/news.nx` that way.
 */
function findIncluded(
  besideIncluder: string,
  spec: string,
  includerFile: string,
  readFile: ReadSourceFile,
): { file: string; source: string } | undefined {
  const source = readFile(besideIncluder);
  if (source !== undefined) return { file: besideIncluder, source };
  if (isAbsolute(spec)) return undefined;
  const insideStdlib = spec.startsWith(`${STDLIB_FOLDER}/`) ? spec.slice(STDLIB_FOLDER.length + 1) : spec;
  for (let directory = resolve(dirname(includerFile)); ; directory = dirname(directory)) {
    const candidate = join(directory, STDLIB_FOLDER, insideStdlib);
    const text = readFile(candidate);
    if (text !== undefined) return { file: candidate, source: text };
    if (dirname(directory) === directory) return undefined;
  }
}
