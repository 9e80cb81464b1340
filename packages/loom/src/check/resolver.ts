/**
 * Name resolution: every identifier read in a body must name a local, a global declaration or
 * a builtin, else E001 — reported once per name, at its first use. Agents must be declared
 * before the top-level item that uses them (Nexa's rule; an include counts as declaring its
 * file's agents at the include). Resolution also records what later passes need: which globals
 * and locals are used, what each call targets, and the type each annotation stands for.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type {
  AgentDeclaration, CallExpression, ContractClause, Expression, Identifier,
  MemberExpression, Node, Parameter, Pattern, QualifiedName, RouteDirective, ServerDirective,
  StringType, TopLevelItem, TypeTestExpression, TypeExpression, VariantExpression, VariantPattern,
} from '../syntax/ast.js';
import type { Span } from '../language/span.js';
import type { GlobalKind, GlobalSymbol, GlobalTable } from './binder.js';
import { KIND_PHRASES, duplicateDeclaration } from './binder.js';
import { BUILTIN_ENUMS, builtinNames, isBuiltinName } from '../language/builtins.js';
import { isStdNamespace, stdNamespaceNames } from '../language/std-library.js';
import { HOOK_PARAMETERS, STATE_CALLS, STRATEGY_OPTION } from '../language/harness.js';
import { readTypeString } from './type-strings.js';
import { schemaNames } from './agent-context.js';
import { inlineSchemaFields, inlineSchemaTypes, outputProtocolNames } from './agent-output.js';
import type { InlineSchemaField } from './agent-output.js';
import type { PlacedItem, SourceUnit } from './includes.js';
import { formatPosition } from './positions.js';
import type { LocalBinding } from './scope.js';
import { Scope, hoistBindings } from './scope.js';
import { suggestionHint } from '../language/suggest.js';
import type { TypeContext } from './type-resolution.js';
import { TypeResolver } from './type-resolution.js';
import type { LoomType } from './types.js';
import { forEachChild } from '../syntax/walk.js';
import { patternBindings } from '../syntax/bindings.js';
import { AGENT_PROPERTY_RULES } from './agent-properties.js';
import { ResolvedNames } from './resolved-names.js';

/** Undeclared names that get a "did you mean" hint; later ones are reported without one. */
export const SUGGESTED_UNDECLARED_NAMES_MAX = 100;

export interface Resolution {
  readonly diagnostics: readonly Diagnostic[];
  readonly usedGlobals: ReadonlySet<GlobalSymbol>;
  /** Locals of flows, functions, closures and match arms (not top-level variables), with their reads. */
  readonly locals: readonly LocalBinding[];
  /** Calls whose callee is a global declaration, e.g. a flow called by name. */
  readonly callTargets: ReadonlyMap<CallExpression, GlobalSymbol>;
  /** What each written type annotation resolved to. */
  readonly annotationTypes: ReadonlyMap<TypeExpression, LoomType>;
  /** Each well-formed type written as a string (`score: "int | float"`), as the tree it reads as. */
  readonly typeStrings: ReadonlyMap<StringType, TypeExpression>;
  /** What each `value is T` tests: a type, or a variant of an enum. */
  readonly typeTests: ReadonlyMap<TypeTestExpression, TypeTest>;
  /** What each name read resolved to, and each body's scope, for the emitter. */
  readonly names: ResolvedNames;
  /** The fields of each agent's inline `output_schema: { ... }`, their types read (check/agent-output.ts). */
  readonly inlineOutputSchemas: ReadonlyMap<AgentDeclaration, readonly InlineSchemaField[]>;
}

/** The target of `value is T` as the checker read it. */
export type TypeTest =
  | { readonly kind: 'type'; readonly type: TypeExpression }
  /** `r is Err` and `r is Result::Err` alike; `x is None` also holds for null. */
  | { readonly kind: 'variant'; readonly enumName: string; readonly variant: string };

export interface ResolveOptions {
  /**
   * Whether to leave out undeclared-name errors: true when a file has syntax errors, because
   * recovery may have dropped the very declaration a name refers to. Asked only when there is
   * an undeclared name to report, so a program without one never pays for finding out.
   */
  readonly quietUndeclared: () => boolean;
}

/** Anything with parameters and a body that opens a function scope. */
interface FunctionLike {
  readonly parameters: readonly Parameter[];
  readonly returnType?: TypeExpression | null;
  readonly contracts?: readonly ContractClause[];
  readonly body: Node | null;
  /** Names the body may use without binding them, such as `self` in impl methods. */
  readonly implicitNames?: readonly string[];
}

/** The top-level item being resolved: the agents-before-use rule compares against it. */
interface ItemContext {
  readonly order: number;
  readonly label: string;
}

export function resolveNames(items: readonly PlacedItem[], globals: GlobalTable, options: ResolveOptions): Resolution {
  return new Resolver(globals, options).run(items);
}

class Resolver {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly usedGlobals = new Set<GlobalSymbol>();
  private readonly functionScopes: Scope[] = [];
  private readonly callTargets = new Map<CallExpression, GlobalSymbol>();
  private readonly annotationTypes = new Map<TypeExpression, LoomType>();
  private readonly typeTests = new Map<TypeTestExpression, TypeTest>();
  private readonly inlineOutputSchemas = new Map<AgentDeclaration, readonly InlineSchemaField[]>();
  private readonly reportedNames = new Set<string>();
  private readonly types: TypeResolver;
  private readonly names: ResolvedNames;
  private readonly scriptScopes = new Map<SourceUnit, Scope>();
  private context: ItemContext = { order: 0, label: '' };
  private suggestedNames = 0;

  constructor(
    private readonly globals: GlobalTable,
    private readonly options: ResolveOptions,
  ) {
    this.names = new ResolvedNames(globals);
    this.types = new TypeResolver(globals, (symbol) => this.usedGlobals.add(symbol), (name, span, hint) =>
      this.undeclared(name, span, hint),
    );
  }

  run(items: readonly PlacedItem[]): Resolution {
    for (const placed of items) {
      this.context = { order: placed.order, label: describeItem(placed.item) };
      this.resolveItem(placed.item, this.scriptScope(placed.unit));
    }
    return {
      diagnostics: this.diagnostics,
      usedGlobals: this.usedGlobals,
      locals: this.functionScopes.flatMap((scope) => [...scope.own()]),
      callTargets: this.callTargets,
      annotationTypes: this.annotationTypes,
      typeStrings: this.types.typeStrings(),
      typeTests: this.typeTests,
      names: this.names,
      inlineOutputSchemas: this.inlineOutputSchemas,
    };
  }

  /** Top-level statements of a file share one scope, like the body of an implicit main. */
  private scriptScope(unit: SourceUnit): Scope {
    let scope = this.scriptScopes.get(unit);
    if (!scope) {
      scope = new Scope(null);
      for (const item of unit.program.items) {
        if (!isDeclaration(item)) hoistBindings(item, scope);
      }
      this.reportRedeclaredGlobals(scope);
      this.scriptScopes.set(unit, scope);
      this.names.recordScriptScope(scope);
    }
    return scope;
  }

  /**
   * A top-level statement binding the name of a flow, agent, struct ... (`greet = 2`,
   * `for greet in xs`) would declare it a second time in the module's one namespace. The
   * binder reports the other order (`greet = 1` then `flow greet`) at the declaration.
   */
  private reportRedeclaredGlobals(script: Scope): void {
    for (const binding of script.own()) {
      const symbol = this.globals.lookup(binding.name);
      if (binding.node !== null && symbol !== undefined && symbol.kind !== 'variable') {
        this.diagnostics.push(duplicateDeclaration(binding.node, symbol));
      }
    }
  }

  private resolveItem(item: TopLevelItem, script: Scope): void {
    switch (item.kind) {
      case 'AgentDeclaration':
        this.resolveAgent(item, script);
        return;
      case 'FunctionDeclaration':
        for (const decorator of item.decorators) this.visitArguments(decorator.arguments ?? [], script);
        this.resolveFunction(item, script);
        return;
      case 'FlowDeclaration':
        for (const decorator of item.decorators) this.visitArguments(decorator.arguments ?? [], script);
        this.resolveFunction({ ...item, parameters: item.parameters ?? [] }, script);
        return;
      case 'TestDeclaration':
        this.resolveFunction({ parameters: [], body: item.body }, script);
        return;
      case 'ProtocolDeclaration':
        // Quoted (`score: "int"`, the error index's form) and bare (`score: int`, reference §2.3) alike.
        for (const field of item.fields) this.resolveType(field.type, 'protocol-field');
        return;
      case 'TypeAliasDeclaration':
        this.resolveType(item.type, 'annotation');
        return;
      case 'StructDeclaration':
        for (const field of item.fields) if (field.type) this.resolveType(field.type, 'annotation');
        return;
      case 'TraitDeclaration':
        for (const method of item.methods) this.resolveFunction(method, script);
        return;
      case 'ImplDeclaration':
        this.expectKind(item.trait, ['trait'], 'a trait');
        this.expectKind(item.target, ['struct', 'enum', 'type'], 'a struct or enum');
        for (const method of item.methods) this.resolveFunction({ ...method, implicitNames: ['self'] }, script);
        return;
      case 'JobDeclaration':
        // Job options are settings (`priority: critical`), not expressions over variables.
        for (const handler of item.handlers) this.resolveFunction(handler, script);
        return;
      case 'ServerDeclaration':
        this.resolveDirectives(item.directives, script);
        return;
      case 'ResourceDeclaration':
        if (item.init) this.visit(item.init, script);
        return;
      case 'ToolDeclaration':
      case 'EnumDeclaration':
      case 'IncludeDeclaration':
      case 'UseConfigDeclaration':
        return;
      default:
        this.visit(item, script);
    }
  }

  private resolveAgent(agent: AgentDeclaration, script: Scope): void {
    if (agent.returnType) this.resolveType(agent.returnType, 'annotation');
    // A property or decorator value may be computed from the file's variables (`model: m`). An
    // unknown property is reported as such; the names inside it would only add noise.
    for (const decorator of agent.decorators) this.visitArguments(decorator.arguments ?? [], script);
    for (const member of agent.members) {
      if (member.kind === 'Property' && member.value.kind !== 'PropertyBlock' && AGENT_PROPERTY_RULES.has(member.name.name)) {
        this.visit(member.value, script);
      }
    }
    for (const target of agent.uses) {
      if (target.kind === 'QualifiedName') this.resolveUse(target);
    }
    for (const protocol of agent.implements) this.expectKind(protocol, ['protocol'], 'a protocol');
    // `implements` is the first of the output protocol names, already checked.
    const schemas = new Set([...schemaNames(agent), ...outputProtocolNames(agent)].filter((name) => !agent.implements.includes(name)));
    for (const schema of schemas) this.expectKind(schema, ['protocol'], 'a protocol');
    const inline = inlineSchemaFields(agent);
    if (inline !== undefined) {
      for (const type of inlineSchemaTypes(inline)) this.resolveType(type, 'protocol-field');
      this.inlineOutputSchemas.set(agent, inline);
    }
    const contractScope = new Scope(null);
    contractScope.declareImplicit('input');
    contractScope.declareImplicit('result');
    for (const clause of agent.contracts) this.visit(clause.condition, contractScope);
  }

  /** `uses std.http` names a standard library namespace; `uses web_search` a declared tool. */
  private resolveUse(target: QualifiedName): void {
    const [head, namespace] = target.parts;
    if (!head) return;
    if (head.name === 'std') {
      if (namespace) this.checkStdNamespace(namespace);
      return;
    }
    this.resolveGlobalReference(head, null);
  }

  /** Flows, functions, methods, job handlers, tests and closures: one function scope each. */
  private resolveFunction(fn: FunctionLike, parent: Scope): void {
    const scope = new Scope(parent);
    this.functionScopes.push(scope);
    for (const name of fn.implicitNames ?? []) scope.declareImplicit(name);
    this.declareParameters(fn.parameters, scope);
    if (fn.returnType) this.resolveType(fn.returnType, 'annotation');
    const body = fn.body;
    if (body) {
      hoistBindings(body, scope);
      this.names.recordBodyScope(body, scope);
    }
    for (const clause of fn.contracts ?? []) {
      if (clause.clause === 'ensures') {
        // A postcondition talks about the value being returned as `result`, and about a
        // parameter's value on entry as `old(name)`.
        const ensuresScope = new Scope(scope);
        ensuresScope.declareImplicit('result');
        ensuresScope.declareImplicit('old');
        this.visit(clause.condition, ensuresScope);
      } else {
        this.visit(clause.condition, scope);
      }
    }
    if (body) this.visit(body, scope);
  }

  private declareParameters(parameters: readonly Parameter[], scope: Scope): void {
    for (const parameter of parameters) {
      const earlier = scope.lookupOwn(parameter.name.name);
      if (earlier?.node) {
        this.diagnostics.push(diagnostic('E005', parameter.name.span, undefined, {
          subject: `of parameter '${parameter.name.name}'`,
          hint: `'${parameter.name.name}' is already a parameter at ${formatPosition(earlier.node.span)}`,
        }));
      }
      scope.declare(parameter.name, 'parameter');
      if (parameter.type) this.resolveType(parameter.type, 'annotation');
      if (parameter.defaultValue) this.visit(parameter.defaultValue, scope);
    }
  }

  private resolveDirectives(directives: readonly ServerDirective[], script: Scope): void {
    for (const directive of directives) {
      if (directive.kind === 'RouteDirective') this.resolveRoute(directive, script);
      else if (directive.kind === 'GroupDirective') this.resolveDirectives(directive.directives, script);
      // `middleware [auth_check]` names flows; `cors {...}` and `require_auth "/p"` hold values.
      else if (directive.kind === 'ValueDirective') this.visit(directive.value, script);
    }
  }

  /** A route's handler names a flow or agent; its contracts see `request`, and `ensures` also `result`. */
  private resolveRoute(route: RouteDirective, script: Scope): void {
    if (route.handler) this.visit(route.handler, script);
    for (const property of route.properties) {
      if (property.value.kind !== 'PropertyBlock') this.visit(property.value, script);
    }
    const scope = new Scope(null);
    scope.declareImplicit('request');
    const ensuresScope = new Scope(scope);
    ensuresScope.declareImplicit('result');
    for (const clause of route.contracts) this.visit(clause.condition, clause.clause === 'ensures' ? ensuresScope : scope);
  }

  private visitArguments(args: readonly { readonly value: Expression }[], scope: Scope): void {
    for (const arg of args) this.visit(arg.value, scope);
  }

  private visit(node: Node, scope: Scope): void {
    switch (node.kind) {
      case 'Identifier':
        this.resolveReference(node, scope);
        return;
      case 'AssignmentStatement':
        if (node.target.kind === 'Identifier') {
          if (node.operator !== '=') this.resolveReference(node.target, scope);
          this.noteAssignment(node.target, node.operator === '=' ? node.value : null, scope);
        } else if (node.target.kind === 'MemberExpression' || node.target.kind === 'IndexExpression') {
          this.visit(node.target, scope);
        } else {
          this.visitPattern(node.target, scope);
          this.noteUnknownAssignments(node.target, scope);
        }
        this.visit(node.value, scope);
        return;
      case 'LetStatement':
        if (node.type) this.resolveType(node.type, 'annotation');
        this.visitPattern(node.pattern, scope);
        if (node.pattern.kind === 'BindingPattern') this.noteAssignment(node.pattern.name, node.value, scope);
        else this.noteUnknownAssignments(node.pattern, scope);
        this.visit(node.value, scope);
        return;
      case 'ForStatement':
        this.visitPattern(node.pattern, scope);
        this.noteUnknownAssignments(node.pattern, scope);
        this.visit(node.iterable, scope);
        this.visit(node.body, scope);
        return;
      case 'CatchClause':
        if (node.parameter) this.noteAssignment(node.parameter.name, null, scope);
        this.visit(node.body, scope);
        return;
      case 'MatchArm': {
        const armScope = new Scope(scope);
        this.functionScopes.push(armScope);
        this.visitPattern(node.pattern, armScope, true);
        if (node.guard) this.visit(node.guard, armScope);
        this.visit(node.body, armScope);
        return;
      }
      case 'FunctionExpression':
        this.resolveFunction(node, scope);
        return;
      case 'MemberExpression':
        this.visitMember(node, scope);
        return;
      case 'CallExpression':
        if (this.isStateCall(node, scope)) {
          // `snapshot()` / `restore(snap)`: read like a builtin, compiled with the flow's variables (emit/harness.ts).
          this.names.recordBuiltin(node.callee as Identifier);
          this.visitArguments(node.arguments, scope);
          return;
        }
        this.visit(node.callee, scope);
        this.visitArguments(node.arguments, scope);
        if (node.callee.kind === 'Identifier' && !scope.lookup(node.callee.name)) {
          const target = this.globals.lookup(node.callee.name);
          if (target) this.callTargets.set(node, target);
        }
        return;
      case 'Argument':
        this.visit(node.value, scope);
        return;
      case 'DictEntry':
        if (node.key.kind !== 'Identifier') this.visit(node.key, scope);
        this.visit(node.value, scope);
        return;
      case 'VariantExpression':
        this.resolveVariant(node, node.enumName);
        return;
      case 'TypeTestExpression':
        this.visit(node.value, scope);
        this.typeTests.set(node, this.resolveTypeTest(node.target, scope));
        return;
      case 'LifecycleHookStatement': {
        // `before_tool(search)` names a tool; `on_error(e: ToolError)` binds the error, whose
        // type is an error type (check/harness-errors.ts), not a type of values.
        const hookScope = new Scope(scope);
        const namesTool = HOOK_PARAMETERS.get(node.hook.name) === 'tool';
        // Several names are the checker's one E002 (harness-forms.ts), not an E001 each.
        if (namesTool && node.parameters.length === 1) this.resolveGlobalReference(node.parameters[0]!.name, null);
        if (!namesTool) for (const parameter of node.parameters) hookScope.declare(parameter.name, 'parameter');
        this.visit(node.body, hookScope);
        return;
      }
      case 'AutoloopStatement':
        this.visitArguments(node.options, scope);
        this.visit(node.body, scope);
        return;
      case 'WithContextStatement':
        for (const option of node.options) if (option.name?.name !== STRATEGY_OPTION) this.visit(option.value, scope);
        this.visit(node.body, scope);
        return;
      case 'ContextPolicyStatement':
        // A strategy is a name (`strategy: sliding_window`), not a variable.
        for (const property of node.properties) if (property.name.name !== STRATEGY_OPTION && property.value.kind !== 'PropertyBlock') this.visit(property.value, scope);
        return;
      case 'ForkExpression':
        // The strategy after `merge` is a name, not a variable.
        this.visit(node.branches, scope);
        return;
      case 'VerifyStatement':
        this.visit(node.subject, scope);
        if (node.target === null) return;
        // `satisfies "is non-empty"` is a semantic condition; `satisfies "int"` a type written in quotes.
        if (node.mode !== 'satisfies') this.visit(node.target, scope);
        else if (node.target.kind !== 'StringType' || readTypeString(node.target).ok) this.resolveType(node.target as TypeExpression, 'annotation');
        return;
      case 'NamedType':
      case 'UnionType':
      case 'OptionalType':
      case 'StringType':
        this.resolveType(node, 'annotation');
        return;
      case 'TemplateLiteral':
        this.names.recordTemplateScope(node, scope);
        return;
      case 'Error':
        return;
      default:
        forEachChild(node, (child) => this.visit(child, scope));
    }
  }

  /**
   * What a binding site gives a local: the value of a plain `let x = e` or `x = e`, null for
   * any other (`x += e`, `for`, `catch`, destructuring). Kept so that a later pass can tell
   * what a variable may hold when every value it is given is written out (check/durations.ts).
   */
  private noteAssignment(target: Identifier, value: Expression | null, scope: Scope): void {
    const binding = scope.lookup(target.name);
    if (binding) this.names.recordAssignment(binding, value);
  }

  private noteUnknownAssignments(pattern: Pattern, scope: Scope): void {
    for (const node of patternBindings(pattern)) if (node.kind === 'Identifier') this.noteAssignment(node, null, scope);
  }

  /** Patterns bind names (hoisted already, or declared here for match arms) and name enum variants. */
  private visitPattern(pattern: Pattern, scope: Scope, declare = false): void {
    switch (pattern.kind) {
      case 'BindingPattern':
        if (declare) scope.declare(pattern.name, 'variable');
        return;
      case 'TuplePattern':
        for (const element of pattern.elements) this.visitPattern(element, scope, declare);
        return;
      case 'ArrayPattern':
        for (const element of pattern.elements) this.visitPattern(element, scope, declare);
        if (pattern.rest && declare) scope.declare(pattern.rest, 'variable');
        return;
      case 'MapPattern':
        for (const entry of pattern.entries) {
          if (entry.value) this.visitPattern(entry.value, scope, declare);
          else if (declare && entry.key.kind === 'Identifier') scope.declare(entry.key, 'variable');
        }
        if (pattern.rest && declare) scope.declare(pattern.rest, 'variable');
        return;
      case 'VariantPattern':
        if (pattern.enumName) this.resolveVariant(pattern, pattern.enumName);
        for (const field of pattern.fields ?? []) this.visitPattern(field, scope, declare);
        return;
      case 'IntentPattern':
        this.visit(pattern.description, scope);
        return;
      case 'WildcardPattern':
      case 'LiteralPattern':
      case 'Error':
        return;
    }
  }

  private visitMember(node: MemberExpression, scope: Scope): void {
    if (node.object.kind === 'Identifier' && node.object.name === 'std' && !scope.lookup('std')) {
      this.names.recordBuiltin(node.object);
      this.checkStdNamespace(node.property);
      return;
    }
    this.visit(node.object, scope);
  }

  private checkStdNamespace(namespace: Identifier): void {
    if (isStdNamespace(namespace.name)) return;
    this.report(`std.${namespace.name}`, diagnostic('E001', namespace.span, `the standard library has no namespace '${namespace.name}'`, {
      subject: `'std.${namespace.name}'`,
      hint: suggestionHint(namespace.name, stdNamespaceNames())?.replace(/'([^']+)'/, "'std.$1'"),
    }));
  }

  /** `Enum::Variant` in an expression or a pattern: the enum must exist and have that variant. */
  private resolveVariant(node: VariantExpression | VariantPattern, enumName: Identifier): void {
    const builtinVariants = BUILTIN_ENUMS.get(enumName.name);
    const symbol = this.globals.lookup(enumName.name);
    let variants: readonly string[] | undefined = builtinVariants;
    if (symbol) {
      this.usedGlobals.add(symbol);
      if (symbol.declaration.kind !== 'EnumDeclaration') {
        this.report(`${enumName.name}::`, diagnostic('E002', enumName.span, `'${enumName.name}' is ${KIND_PHRASES[symbol.kind]}, not an enum`));
        return;
      }
      variants = symbol.declaration.variants.map((v) => v.name.name);
    }
    if (!variants) {
      this.undeclared(enumName.name, enumName.span, () => suggestionHint(enumName.name, this.enumNames()));
      return;
    }
    if (node.variant.name !== '' && !variants.includes(node.variant.name)) {
      this.report(`${enumName.name}::${node.variant.name}`, diagnostic('E001', node.variant.span, `enum '${enumName.name}' has no variant '${node.variant.name}'`, {
        subject: `'${enumName.name}::${node.variant.name}'`,
        hint: suggestionHint(node.variant.name, variants) ?? `its variants are ${variants.join(', ')}`,
      }));
    }
  }

  /**
   * `Enum::Variant` and a bare variant of Option or Result (`Err`, `None`) test a variant; any
   * other target is a type, resolved as an annotation is (an unknown name is E001).
   */
  private resolveTypeTest(target: TypeExpression | VariantExpression, scope: Scope): TypeTest {
    if (target.kind === 'NamedType' && target.arguments.length === 0 && scope.lookup(target.name.name)) {
      // `x is y` with a variable: Python's identity test, which Loom does not have; the value test is `==`.
      this.diagnostics.push(diagnostic('E002', target.name.span, `'is' tests a type or a variant, and '${target.name.name}' is a variable`, {
        hint: `compare values with ==: write '... == ${target.name.name}'`,
      }));
      // The error stops the program before it is emitted, so the target is kept as written.
      return { kind: 'type', type: target };
    }
    if (target.kind === 'VariantExpression') {
      this.resolveVariant(target, target.enumName);
      return { kind: 'variant', enumName: target.enumName.name, variant: target.variant.name };
    }
    if (target.kind === 'NamedType' && target.arguments.length === 0 && !this.globals.lookup(target.name.name)) {
      for (const [enumName, variants] of BUILTIN_ENUMS) {
        if (variants.includes(target.name.name)) return { kind: 'variant', enumName, variant: target.name.name };
      }
    }
    this.resolveType(target, 'annotation');
    return { kind: 'type', type: target };
  }

  // The lookup order is lookupName's (resolved-names.ts), written out here because this runs
  // for every name read and must not allocate.
  private resolveReference(identifier: Identifier, scope: Scope): void {
    const local = scope.lookup(identifier.name);
    if (local) {
      local.reads += 1;
      this.names.recordLocal(identifier, local);
      return;
    }
    this.resolveGlobalReference(identifier, scope);
  }

  private resolveGlobalReference(identifier: Identifier, scope: Scope | null): void {
    const name = identifier.name;
    if (name === '') return;
    const symbol = this.globals.lookup(name);
    if (symbol) {
      this.names.recordGlobal(identifier, symbol);
      this.usedGlobals.add(symbol);
      if (symbol.kind === 'agent' && symbol.order > this.context.order) this.agentUsedTooEarly(symbol, identifier);
      return;
    }
    if (isBuiltinName(name)) {
      this.names.recordBuiltin(identifier);
      return;
    }
    if (STATE_CALLS.has(name)) {
      this.undeclared(name, identifier.span, () => `${name} is called: snap = snapshot() takes the state of the flow, restore(snap) puts it back`);
      return;
    }
    this.undeclared(name, identifier.span, () => suggestionHint(name, this.visibleNames(scope)));
  }

  /** A call of `snapshot` or `restore` where no variable or declaration of the program takes the name. */
  private isStateCall(call: CallExpression, scope: Scope): boolean {
    const { callee } = call;
    return callee.kind === 'Identifier' && STATE_CALLS.has(callee.name) && !scope.lookup(callee.name) && !this.globals.lookup(callee.name);
  }

  private agentUsedTooEarly(agent: GlobalSymbol, use: Identifier): void {
    const where = agent.unit.isEntry ? '' : ` (from ${agent.unit.file}, so move its include)`;
    this.report(agent.name, diagnostic('E001', use.span, undefined, {
      subject: `'${agent.name}'`,
      hint: `agents must be declared before the ${this.context.label} that uses them: move agent '${agent.name}' (declared at ${formatPosition(agent.nameNode.span)}${where}) above it`,
    }));
  }

  private resolveType(type: TypeExpression, context: TypeContext): void {
    const typeDiagnostics: Diagnostic[] = [];
    this.annotationTypes.set(type, this.types.resolve(type, context, typeDiagnostics));
    this.diagnostics.push(...typeDiagnostics);
  }

  /** A name that must declare one of `kinds` (`implements P` names a protocol): E002 if it is something else. */
  private expectKind(name: Identifier, kinds: readonly GlobalKind[], expected: string): void {
    const symbol = this.globals.lookup(name.name);
    if (!symbol) {
      this.resolveGlobalReference(name, null);
      return;
    }
    this.usedGlobals.add(symbol);
    if (kinds.includes(symbol.kind)) return;
    this.diagnostics.push(diagnostic('E002', name.span, `'${name.name}' is ${KIND_PHRASES[symbol.kind]}, not ${expected}`));
  }

  /**
   * `hint` is only worked out for the first use of a name that gets reported: a suggestion
   * compares the name with every visible one, and a misspelt name is often used many times.
   */
  private undeclared(name: string, span: Span, hint: () => string | undefined): void {
    if (this.options.quietUndeclared() || this.reportedNames.has(name)) return;
    // A suggestion compares the name with every visible one; past a few dozen undeclared names
    // (a file that is not Loom, a generated program) that would make checking quadratic.
    const suggestion = this.suggestedNames < SUGGESTED_UNDECLARED_NAMES_MAX ? hint() : undefined;
    this.suggestedNames += 1;
    this.report(name, diagnostic('E001', span, undefined, { subject: `'${name}'`, hint: suggestion }));
  }

  /** Reports `finding` unless the same name was already reported: one error per mistake. */
  private report(key: string, finding: Diagnostic): void {
    if (this.reportedNames.has(key)) return;
    this.reportedNames.add(key);
    this.diagnostics.push(finding);
  }

  private *visibleNames(scope: Scope | null): Iterable<string> {
    if (scope) yield* scope.visibleNames();
    for (const symbol of this.globals.all()) yield symbol.name;
    yield* builtinNames();
  }

  private *enumNames(): Iterable<string> {
    for (const symbol of this.globals.all()) if (symbol.kind === 'enum') yield symbol.name;
    yield* BUILTIN_ENUMS.keys();
  }
}

function isDeclaration(item: TopLevelItem): boolean {
  return item.kind.endsWith('Declaration');
}

function describeItem(item: TopLevelItem): string {
  switch (item.kind) {
    case 'FlowDeclaration':
      return `flow '${item.name.name}'`;
    case 'TestDeclaration':
      return `test "${item.name.value}"`;
    case 'JobDeclaration':
      return `job '${item.name.name}'`;
    case 'ServerDeclaration':
      return item.port ? `server ${item.port.value}` : `server '${item.name?.name ?? ''}'`;
    case 'FunctionDeclaration':
      return `function '${item.name.name}'`;
    case 'AgentDeclaration':
      return `agent '${item.name.name}'`;
    default:
      return 'statement';
  }
}
