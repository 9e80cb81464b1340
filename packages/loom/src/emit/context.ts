/**
 * What the code generator knows while it walks a program: the global declarations, the
 * function frames it is inside (their hoisted locals, temporaries and whether they need a
 * propagation boundary or a defer list), and the source text for contract messages.
 */
import type { Identifier, Node, Parameter } from '../syntax/ast.js';
import type { Span } from '../syntax/spans.js';
import { isBuiltinName } from '../language/builtins.js';
import { Scope, hoistBindings } from '../check/scope.js';

export type GlobalKind = 'flow' | 'function' | 'agent' | 'struct' | 'enum' | 'trait' | 'protocol' | 'tool' | 'alias' | 'resource';

export interface GlobalInfo {
  readonly kind: GlobalKind;
  /** Parameter names of flows and functions, for calls with named arguments. */
  readonly parameters?: readonly string[];
}

/** What the name `std` compiles to when no variable of the program shadows it. */
export const STD_JS = '$p.std';

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

  constructor(readonly parent: Frame | null) {}
}

export type NameResolution =
  | { readonly kind: 'local'; readonly js: string }
  | { readonly kind: 'global'; readonly js: string; readonly info: GlobalInfo }
  | { readonly kind: 'builtin'; readonly js: string }
  | { readonly kind: 'unknown'; readonly js: string };

export class EmitContext {
  private frame: Frame;
  private tempCounter = 0;
  /** Nodes emitted as a given JavaScript expression instead (`old(x)` in ensures → its snapshot). */
  private readonly substitutions = new Map<Node, string>();

  constructor(
    readonly globals: ReadonlyMap<string, GlobalInfo>,
    private readonly sources: ReadonlyMap<string, string>,
  ) {
    this.frame = new Frame(null);
  }

  /** The source text of `span`, for contract and assertion messages. */
  sourceText(span: Span): string {
    return this.sources.get(span.file)?.slice(span.start.offset, span.end.offset).trim() ?? '';
  }

  /**
   * Runs `emit` inside a new function frame whose locals are the parameters and every name
   * `body` binds (a function scope, as in Python); returns the frame for the declarations.
   */
  inFunction<T>(parameters: readonly (Parameter | string)[], bodies: readonly Node[], emit: (frame: FrameView) => T): { result: T; frame: FrameView } {
    const frame = new Frame(this.frame);
    const scope = new Scope(null);
    for (const body of bodies) hoistBindings(body, scope);
    for (const binding of scope.own()) frame.locals.add(binding.name);
    const parameterNames = parameters.map((parameter) => (typeof parameter === 'string' ? parameter : parameter.name.name));
    for (const name of parameterNames) frame.locals.add(name);
    const previous = this.frame;
    this.frame = frame;
    try {
      const view = new FrameView(frame, parameterNames);
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

  resolve(identifier: Identifier | string): NameResolution {
    const name = typeof identifier === 'string' ? identifier : identifier.name;
    for (let frame: Frame | null = this.frame; frame !== null; frame = frame.parent) {
      const renamed = frame.renamed.get(name);
      if (renamed !== undefined) return { kind: 'local', js: renamed };
      if (frame.armScopes.some((scope) => scope.has(name)) || frame.locals.has(name)) return { kind: 'local', js: jsName(name) };
    }
    const info = this.globals.get(name);
    if (info !== undefined) return { kind: 'global', js: jsName(name), info };
    if (name === 'std') return { kind: 'builtin', js: STD_JS };
    if (isBuiltinName(name)) return { kind: 'builtin', js: `$p.builtins.${name}` };
    return { kind: 'unknown', js: jsName(name) };
  }

  substitute(node: Node, js: string): void {
    this.substitutions.set(node, js);
  }

  substitution(node: Node): string | undefined {
    return this.substitutions.get(node);
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
}
