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
import { TOOL_DECORATOR } from '../check/analysis.js';
import type { Declaration, FunctionDeclaration, ProtocolDeclaration, Statement, TopLevelItem } from '../syntax/ast.js';
import { braces, quote, writeCode } from './code.js';
import type { Code } from './code.js';
import { EmitContext } from './context.js';
import { emitFunctionDeclaration, emitRuntimeDeclaration, emitTypeDeclaration } from './declarations.js';
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

/** A program the checker found free of errors, with what the emitter needs of it. */
export interface CheckedProgram {
  readonly analysis: Analysis;
  /** The text of the entry file and of every file it includes, by path, for source maps and contract messages. */
  readonly sources: ReadonlyMap<string, string>;
}

/** What the emitter makes of a checked program, before it is written out as one module. */
export interface EmittedProgram {
  /** The body of the module's program function. */
  readonly body: Code;
}

/** The program of a checked module. */
export function emitProgram(checked: CheckedProgram): EmittedProgram {
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
    resourceNames: analysis.resourceNames,
  };
  const context = new EmitContext(analysis, checked.sources);
  const hasMain = declarations.some((declaration) => declaration.kind === 'FlowDeclaration' && declaration.name.name === 'main');

  const { result: body, frame } = context.inFunction([], context.scriptLocals(), (scriptFrame) => {
    const parts: Code[] = [];
    const emitEach = (emit: (declaration: Declaration) => Code | null) => {
      for (const declaration of declarations) {
        const code = emit(declaration);
        if (code !== null) parts.push(code);
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
  };
}

/** Generates the module of a program the checker found free of errors. */
export function generateModule(checked: CheckedProgram, options: GenerateOptions): GeneratedModule {
  const { body } = emitProgram(checked);
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
