/**
 * The code generator: a checked program (with its includes) becomes one JavaScript ES module
 * and its source map. The module imports the runtime library and exports the program as a
 * function of its context:
 *
 *     import * as $rt from "<runtime>";
 *     export default async function program($p) {
 *       let <script variables>;
 *       <types>; <flows and functions>; <agents, impls, tests in source order>
 *       return { main, script: async () => { <top-level statements> } };
 *     }
 *     await $rt.runIfMain(program, import.meta.url);
 *
 * `loom run` imports it from memory; `loom build` writes it with its `.map` beside it (and
 * adds the `sourceMappingURL` comment, which would not resolve for a module in memory).
 */
import type { Analysis } from '../check/analysis.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Declaration, FunctionDeclaration, ProtocolDeclaration, Statement, ToolDeclaration, TopLevelItem } from '../syntax/ast.js';
import { braces, quote, writeCode } from './code.js';
import type { Code } from './code.js';
import { EmitContext } from './context.js';
import { emitFunctionDeclaration, emitRuntimeDeclaration, emitTypeDeclaration, TOOL_DECORATOR } from './declarations.js';
import type { AgentReferences } from './declarations.js';
import { withBoundaries } from './functions.js';
import { emitStatements } from './statements.js';
import { encodeMappings } from './source-map.js';
import type { SourceMapJson } from './source-map.js';
import { rt, RUNTIME_BINDING, PROGRAM_BINDING } from './runtime-names.js';

export interface GeneratedModule {
  readonly code: string;
  readonly map: SourceMapJson;
}

export interface GenerateOptions {
  /** The specifier the module imports the runtime library from (an absolute file URL). */
  readonly runtimeSpecifier: string;
  /** The module's own file name, recorded in the source map. */
  readonly fileName: string;
}

function isDeclaration(item: TopLevelItem): item is Declaration {
  return item.kind.endsWith('Declaration');
}

/** The names of the `db` and `kv` declarations, by kind, in source order. */
function resourceNamesByKind(declarations: readonly Declaration[]): ReadonlyMap<string, readonly string[]> {
  const names = new Map<string, string[]>();
  for (const declaration of declarations) {
    if (declaration.kind !== 'ResourceDeclaration' || declaration.resource === 'auth') continue;
    names.set(declaration.resource, [...(names.get(declaration.resource) ?? []), declaration.name.name]);
  }
  return names;
}

/** A program the checker found free of errors, with what the emitter needs of it. */
export interface CheckedProgram {
  readonly analysis: Analysis;
  /** The text of the entry file and of every file it includes, by path, for source maps and contract messages. */
  readonly sources: ReadonlyMap<string, string>;
  /** What the front end already emitted, so it is not emitted twice. */
  readonly emitted?: EmittedProgram;
}

/** What the emitter makes of a checked program, before it is written out as one module. */
export interface EmittedProgram {
  /** The body of the module's program function. */
  readonly body: Code;
  /**
   * Constructs the checker accepts but Loom does not run yet (jobs, servers, resources, ...),
   * each an E001 at the construct: `validate` reports them, so it never passes what `run`
   * would refuse.
   */
  readonly unsupported: readonly Diagnostic[];
}

/** The program of a checked module, with what cannot run. */
export function emitProgram(checked: CheckedProgram): EmittedProgram {
  return emitWith(checked, true);
}

/**
 * Only what cannot run, for the commands that report findings and write no module (validate,
 * lint, routes). Each declaration's code is dropped as soon as it is emitted: kept, the
 * fragments of a large program all stay alive until the end, and the collector copying them
 * cost twice the emitting itself (8 MB program: 1.8 s of CPU with the module, 0.6 s without).
 */
export function emitFindings(checked: CheckedProgram): readonly Diagnostic[] {
  return emitWith(checked, false).unsupported;
}

function emitWith(checked: CheckedProgram, keepCode: boolean): EmittedProgram {
  const { analysis } = checked;
  const items = analysis.expanded.items.map((placed) => placed.item);
  const declarations = items.filter(isDeclaration);
  const statements = items.filter((item): item is Statement => !isDeclaration(item));
  const references: AgentReferences = {
    protocols: new Map(
      declarations.filter((declaration): declaration is ProtocolDeclaration => declaration.kind === 'ProtocolDeclaration').map((protocol) => [protocol.name.name, protocol]),
    ),
    toolFunctions: new Map(
      declarations
        .filter((declaration): declaration is FunctionDeclaration => declaration.kind === 'FunctionDeclaration' && declaration.decorators.some((decorator) => decorator.name.name === TOOL_DECORATOR))
        .map((tool) => [tool.name.name, tool]),
    ),
    toolBlocks: new Map(
      declarations.filter((declaration): declaration is ToolDeclaration => declaration.kind === 'ToolDeclaration').map((tool) => [tool.name.name, tool]),
    ),
    resourceNames: resourceNamesByKind(declarations),
  };
  const context = new EmitContext(analysis, checked.sources);
  const hasMain = declarations.some((declaration) => declaration.kind === 'FlowDeclaration' && declaration.name.name === 'main');

  const { result: body, frame } = context.inFunction([], context.scriptLocals(), (scriptFrame) => {
    const parts: Code[] = [];
    const emitEach = (emit: (declaration: Declaration) => Code | null) => {
      for (const declaration of declarations) {
        const code = emit(declaration);
        if (code !== null && keepCode) parts.push(code);
      }
    };
    emitEach((declaration) => emitTypeDeclaration(context, declaration));
    emitEach((declaration) => emitFunctionDeclaration(context, declaration));
    emitEach((declaration) => emitRuntimeDeclaration(context, declaration, references));
    const script = withBoundaries(scriptFrame, emitStatements(context, statements));
    parts.push(['return { main: ', hasMain ? context.declared('main') : 'null', ', script: async () => ', braces(script), ' };']);
    return parts;
  });
  const declared = frame.declaredNames();
  return {
    body: braces([...(declared.length === 0 ? [] : [`let ${declared.join(', ')};`]), ...body]),
    unsupported: context.unsupportedFindings,
  };
}

/**
 * Generates the module of a program the checker found free of errors, reusing what the
 * compile step already emitted.
 */
export function generateModule(checked: CheckedProgram, options: GenerateOptions): GeneratedModule {
  const { body } = checked.emitted ?? emitProgram(checked);
  const root: Code = [
    `import * as ${RUNTIME_BINDING} from ${quote(options.runtimeSpecifier)};\n\n`,
    `export default async function program(${PROGRAM_BINDING}) `,
    body,
    '\n\nawait ', rt('runIfMain'), '(program, import.meta.url);\n',
  ];
  const written = writeCode(root);
  return {
    code: written.text,
    map: {
      version: 3,
      file: options.fileName,
      sources: written.sources,
      sourcesContent: written.sources.map((source) => checked.sources.get(source) ?? null),
      names: [],
      mappings: encodeMappings(written.mappings),
    },
  };
}
