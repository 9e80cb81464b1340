/**
 * What the code generator knows while it walks a program: the checker's analysis (what every
 * name resolved to, each body's locals), the function frames it is inside (their temporaries
 * and whether they need a propagation boundary or a defer list), and the source text for
 * contract messages. It resolves no name itself.
 */
import type { AgentDeclaration, Identifier, Node, StringType, TemplateLiteral, TypeExpression, TypeTestExpression } from '../syntax/ast.js';
import { typeDescriptor } from './type-descriptors.js';
import type { Span } from '../language/span.js';
import type { TypeDescriptor } from '../language/type-descriptor.js';
import type { ContextSpec } from '../language/agent-context.js';
import type { AgentDecorators, AgentExperience, AgentSkills, Analysis, GlobalSymbol, NameReference, OutputProtocol, TypeTest } from '../check/analysis.js';
import { programMember } from './runtime-names.js';

/**
 * A construct the checker refuses (check/runtime-support.ts and its neighbours) reached the
 * code generator: a bug in Loom, since a program with a compile error is never emitted.
 */
export function refusedByChecker(construct: string): never {
  throw new Error(`internal: ${construct} reached the code generator, but the checker refuses it`);
}

/** What the name `std` compiles to when no variable of the program shadows it. */
export const STD_JS = programMember('std');

/** Names JavaScript reserves (or that would change meaning) and Loom allows. */
const JS_RESERVED = new Set([
  'arguments', 'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do',
  'else', 'enum', 'eval', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'implements', 'import',
  'in', 'instanceof', 'interface', 'let', 'new', 'null', 'package', 'private', 'protected', 'public', 'return',
  'static', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield',
  'undefined', 'NaN', 'Infinity', 'program',
]);

/** The JavaScript name of a Loom variable; Loom names never contain `$`, generated ones always do. */
export function jsName(name: string): string {
  return JS_RESERVED.has(name) ? `${name}$` : name;
}

class Frame {
  readonly locals = new Set<string>();
  readonly temps: string[] = [];
  /** Arm scopes of `match` inside this frame, innermost last. */
  readonly armScopes: Set<string>[] = [];
  /** Names the frame reads under another JavaScript name (`result` in ensures → `$result`). */
  readonly renamed = new Map<string, string>();
  usesPropagation = false;
  usesDefer = false;
  usesHarness = false;

  constructor(readonly parent: Frame | null) {}
}

export type NameResolution =
  | { readonly kind: 'local'; readonly js: string }
  | { readonly kind: 'global'; readonly js: string; readonly symbol: GlobalSymbol }
  | { readonly kind: 'builtin'; readonly js: string }
  | { readonly kind: 'unknown'; readonly js: string };

/** Parameter names of a flow or function, for calls with named arguments; undefined for other globals. */
export function parameterNamesOf(symbol: GlobalSymbol): readonly string[] | undefined {
  const { declaration } = symbol;
  if (declaration.kind === 'FlowDeclaration') return (declaration.parameters ?? []).map((parameter) => parameter.name.name);
  if (declaration.kind === 'FunctionDeclaration') return declaration.parameters.map((parameter) => parameter.name.name);
  return undefined;
}

export class EmitContext {
  private frame: Frame;
  private tempCounter = 0;
  /** Nodes emitted as a given JavaScript expression instead (`old(x)` in ensures → its snapshot). */
  private readonly substitutions = new Map<Node, string>();

  constructor(
    private readonly analysis: Analysis,
    private readonly sources: ReadonlyMap<string, string>,
  ) {
    this.frame = new Frame(null);
  }

  /** Whether the program calls a request function (std.auth's session functions): its servers then keep each request's context. */
  callsRequestFunctions(): boolean {
    return this.analysis.callsRequestFunctions();
  }

  /** The source text of `span`, for contract and assertion messages. */
  sourceText(span: Span): string {
    return this.sources.get(span.file)?.slice(span.start.offset, span.end.offset).trim() ?? '';
  }

  /** `type` as the descriptor the runtime checks values against, written as a JavaScript expression. */
  typeDescriptorCode(type: TypeExpression): string {
    return JSON.stringify(this.typeDescriptor(type));
  }

  /** `type` as the descriptor the runtime checks values against. */
  typeDescriptor(type: TypeExpression): TypeDescriptor {
    return typeDescriptor(type, (node) => this.readTypeString(node));
  }

  private readTypeString(node: StringType): TypeExpression {
    const read = this.analysis.resolution.typeStrings.get(node);
    if (read === undefined) throw new Error(`internal: the emitter reached type string '${node.text}' the checker did not read`);
    return read;
  }

  /** Whether the checker read the string `node` as a type (`"list[int]"`); else it is text (`"is non-empty"`). */
  readsAsType(node: StringType): boolean {
    return this.analysis.resolution.typeStrings.has(node);
  }

  /** What the checker read the target of `value is T` as. */
  typeTest(expression: TypeTestExpression): TypeTest {
    const test = this.analysis.resolution.typeTests.get(expression);
    if (test === undefined) throw new Error('internal: the emitter reached a type test the checker did not resolve');
    return test;
  }

  agentDecorators(agent: AgentDeclaration): AgentDecorators {
    return this.analysis.agentDecorators(agent);
  }

  agentExperience(agent: AgentDeclaration): AgentExperience | undefined {
    return this.analysis.agentExperiences.get(agent);
  }

  /** The agent's skill files (`uses "SKILLS.md"`) as the checker read them, if it uses any. */
  agentSkills(agent: AgentDeclaration): AgentSkills | undefined {
    return this.analysis.agentSkills.get(agent);
  }

  /** The agent's `context { ... }` block as the runtime reads it, if it has one. */
  agentContext(agent: AgentDeclaration): ContextSpec | undefined {
    return this.analysis.agentContexts.get(agent);
  }

  /** The protocol the agent's reply follows (`implements`, or an `output_schema`). */
  agentOutputProtocol(agent: AgentDeclaration): OutputProtocol | undefined {
    return this.analysis.agentOutputProtocol(agent);
  }

  /** The names a function body binds, as the checker's scope for it holds them. */
  localsOf(body: Node): readonly string[] {
    const locals = this.analysis.resolution.names.localsOf(body);
    if (locals === undefined) throw new Error('internal: the emitter reached a body the checker did not resolve');
    return locals;
  }

  /** The names the program's top-level statements bind (one script scope at run time). */
  scriptLocals(): readonly string[] {
    return this.analysis.resolution.names.scriptLocals();
  }

  /**
   * Runs `emit` inside a new function frame whose locals are `parameters` and `locals` (every
   * name the body binds, a function scope as in Python); returns the frame for the declarations.
   */
  inFunction<T>(parameters: readonly string[], locals: readonly string[], emit: (frame: FrameView) => T): { result: T; frame: FrameView } {
    const frame = new Frame(this.frame);
    for (const name of locals) frame.locals.add(name);
    for (const name of parameters) frame.locals.add(name);
    const previous = this.frame;
    this.frame = frame;
    try {
      const view = new FrameView(frame, parameters);
      return { result: emit(view), frame: view };
    } finally {
      this.frame = previous;
    }
  }

  /** Runs `emit` with `names` bound in a match arm scope. */
  inArm<T>(names: readonly string[], emit: () => T): T {
    this.frame.armScopes.push(new Set(names));
    try {
      return emit();
    } finally {
      this.frame.armScopes.pop();
    }
  }

  /** Runs `emit` with `name` read as `js` in the current frame. */
  withRenamed<T>(name: string, js: string, emit: () => T): T {
    const previous = this.frame.renamed.get(name);
    this.frame.renamed.set(name, js);
    try {
      return emit();
    } finally {
      if (previous === undefined) this.frame.renamed.delete(name);
      else this.frame.renamed.set(name, previous);
    }
  }

  /** What a name read in an expression compiles to, from what the checker resolved it to. */
  resolve(identifier: Identifier): NameResolution {
    const reference = this.analysis.resolution.names.referenceTo(identifier);
    if (reference === undefined) throw new Error(`internal: the emitter reached name '${identifier.name}' the checker did not resolve`);
    return this.compiled(identifier.name, reference);
  }

  /**
   * A declaration named by a value the checker checks itself rather than resolving as an
   * expression (a job's `handler: SendMail`): the global of that name, if there is one.
   */
  globalNamed(name: string): NameResolution | undefined {
    const symbol = this.analysis.bound.globals.lookup(name);
    return symbol === undefined ? undefined : { kind: 'global', js: jsName(name), symbol };
  }

  /** What `name`, named in a template's body, compiles to where the template is written. */
  resolveInTemplate(template: TemplateLiteral, name: string): NameResolution {
    return this.compiled(name, this.analysis.resolution.names.referenceInTemplate(template, name));
  }

  /** The JavaScript name of a local the current frame binds (a parameter, variable or pattern name). */
  local(name: Identifier | string): string {
    const text = typeof name === 'string' ? name : name.name;
    for (let frame: Frame | null = this.frame; frame !== null; frame = frame.parent) {
      const renamed = frame.renamed.get(text);
      if (renamed !== undefined) return renamed;
      if (frame.armScopes.some((scope) => scope.has(text)) || frame.locals.has(text)) break;
    }
    return jsName(text);
  }

  /** The JavaScript name of a declaration: a flow, function, agent, struct or impl method. */
  declared(name: Identifier | string): string {
    return jsName(typeof name === 'string' ? name : name.name);
  }

  private compiled(name: string, reference: NameReference): NameResolution {
    switch (reference.kind) {
      case 'local':
        return { kind: 'local', js: this.local(name) };
      case 'global':
        return { kind: 'global', js: jsName(name), symbol: reference.symbol };
      case 'builtin':
        return { kind: 'builtin', js: name === 'std' ? STD_JS : `${programMember('builtins')}.${name}` };
      case 'unresolved':
        return { kind: 'unknown', js: jsName(name) };
    }
  }

  substitute(node: Node, js: string): void {
    this.substitutions.set(node, js);
  }

  substitution(node: Node): string | undefined {
    return this.substitutions.get(node);
  }

  /** The names the current function frame binds (its parameters and variables), as Loom writes them. */
  frameLocals(): readonly string[] {
    return [...this.frame.locals];
  }

  /** A fresh temporary of the current frame. */
  temp(): string {
    this.tempCounter += 1;
    const name = `$t${this.tempCounter}`;
    this.frame.temps.push(name);
    return name;
  }

  markPropagation(): void {
    this.frame.usesPropagation = true;
  }

  markDefer(): void {
    this.frame.usesDefer = true;
  }

  /** The current function holds a harness form: each invocation gets harness settings of its own. */
  markHarness(): void {
    this.frame.usesHarness = true;
  }
}

/** A finished frame as the declaration emitter needs it. */
export class FrameView {
  constructor(
    private readonly frame: Frame,
    readonly parameterNames: readonly string[],
  ) {}

  /** Locals to declare with `let` (not parameters), plus the temporaries. */
  declaredNames(): string[] {
    const parameters = new Set(this.parameterNames);
    return [...[...this.frame.locals].filter((name) => !parameters.has(name)).map(jsName), ...this.frame.temps];
  }

  hasLocal(name: string): boolean {
    return this.frame.locals.has(name);
  }

  get usesPropagation(): boolean {
    return this.frame.usesPropagation;
  }

  get usesDefer(): boolean {
    return this.frame.usesDefer;
  }

  get usesHarness(): boolean {
    return this.frame.usesHarness;
  }
}
