/**
 * Generic traversal of the syntax tree. Passes that only care about a few node kinds (harness
 * forms, unreachable code) walk with `forEachChild` instead of each keeping its own copy of the
 * tree's shape; the resolver uses it for every node that opens no scope. Passes that look at
 * nodes one at a time are `NodeVisitor`s and share one traversal: on a large program the
 * traversal itself, not what the passes do per node, is what costs.
 */
import type { Node } from './ast.js';

/** Calls `visit` on each direct child of `node`, in source order. */
export function forEachChild(node: Node, visit: (child: Node) => void): void {
  switch (node.kind) {
    case 'Program':
      each(visit, node.items);
      return;
    case 'IncludeDeclaration':
      one(visit, node.path);
      return;
    case 'UseConfigDeclaration':
      one(visit, node.name);
      return;
    case 'AgentDeclaration':
      one(visit, node.name); each(visit, node.decorators); one(visit, node.returnType);
      each(visit, node.uses); each(visit, node.implements); each(visit, node.contracts);
      each(visit, node.members);
      return;
    case 'ToolDeclaration':
      one(visit, node.name); each(visit, node.properties);
      return;
    case 'FunctionDeclaration':
      each(visit, node.decorators); one(visit, node.name); each(visit, node.parameters);
      one(visit, node.returnType); one(visit, node.body);
      return;
    case 'ProtocolDeclaration':
      one(visit, node.name); each(visit, node.fields);
      return;
    case 'FlowDeclaration':
      each(visit, node.decorators); one(visit, node.name); each(visit, node.parameters ?? []);
      one(visit, node.returnType); each(visit, node.contracts); one(visit, node.body);
      return;
    case 'TestDeclaration':
      one(visit, node.name); one(visit, node.body);
      return;
    case 'TypeAliasDeclaration':
      one(visit, node.name); one(visit, node.type); one(visit, node.constraint);
      return;
    case 'StructDeclaration':
      one(visit, node.name); each(visit, node.fields);
      return;
    case 'EnumDeclaration':
      one(visit, node.name); each(visit, node.variants);
      return;
    case 'TraitDeclaration':
      one(visit, node.name); each(visit, node.methods);
      return;
    case 'ImplDeclaration':
      one(visit, node.trait); one(visit, node.target); each(visit, node.methods);
      return;
    case 'JobDeclaration':
      one(visit, node.name); one(visit, node.queue); each(visit, node.options);
      each(visit, node.properties); each(visit, node.handlers);
      return;
    case 'ServerDeclaration':
      one(visit, node.port); one(visit, node.name); each(visit, node.directives);
      return;
    case 'ResourceDeclaration':
      one(visit, node.name); one(visit, node.init); each(visit, node.properties ?? []);
      return;
    case 'Property':
      one(visit, node.name); one(visit, node.value);
      return;
    case 'PropertyBlock':
      each(visit, node.properties);
      return;
    case 'Argument':
      one(visit, node.name); one(visit, node.value);
      return;
    case 'Decorator':
      one(visit, node.name); each(visit, node.arguments ?? []);
      return;
    case 'Parameter':
      one(visit, node.name); one(visit, node.type); one(visit, node.defaultValue);
      return;
    case 'ContractClause':
      one(visit, node.condition);
      return;
    case 'Block':
      each(visit, node.statements);
      return;
    case 'QualifiedName':
      each(visit, node.parts);
      return;
    case 'McpUse':
      one(visit, node.url);
      return;
    case 'ProtocolField':
      one(visit, node.name); one(visit, node.type);
      return;
    case 'StructField':
      one(visit, node.name); one(visit, node.type);
      return;
    case 'EnumVariant':
      one(visit, node.name); each(visit, node.fields ?? []);
      return;
    case 'JobHandler':
      one(visit, node.name); each(visit, node.parameters); one(visit, node.body);
      return;
    case 'RouteDirective':
      one(visit, node.method); one(visit, node.path); one(visit, node.handler);
      each(visit, node.contracts); each(visit, node.properties);
      return;
    case 'StaticDirective':
      one(visit, node.urlPath); one(visit, node.directory);
      return;
    case 'ValueDirective':
      one(visit, node.name); one(visit, node.value);
      return;
    case 'GroupDirective':
      one(visit, node.path); each(visit, node.directives);
      return;
    case 'CatchClause':
      one(visit, node.parameter); one(visit, node.body);
      return;
    case 'NamedType':
      one(visit, node.name); each(visit, node.arguments);
      return;
    case 'UnionType':
      each(visit, node.members);
      return;
    case 'OptionalType':
      one(visit, node.inner);
      return;
    case 'ExpressionStatement':
      one(visit, node.expression);
      return;
    case 'AssignmentStatement':
      one(visit, node.target); one(visit, node.value);
      return;
    case 'LetStatement':
      one(visit, node.pattern); one(visit, node.type); one(visit, node.value);
      return;
    case 'IfStatement':
      one(visit, node.condition); one(visit, node.consequent); one(visit, node.alternate);
      return;
    case 'ForStatement':
      one(visit, node.pattern); one(visit, node.iterable); one(visit, node.body);
      return;
    case 'WhileStatement':
      one(visit, node.condition); one(visit, node.body);
      return;
    case 'LoopStatement':
      one(visit, node.body); one(visit, node.until);
      return;
    case 'ReturnStatement':
      one(visit, node.value);
      return;
    case 'RaiseStatement':
      one(visit, node.value);
      return;
    case 'TryStatement':
      one(visit, node.body); one(visit, node.handler);
      return;
    case 'AssertStatement':
      one(visit, node.condition); one(visit, node.against);
      return;
    case 'SemanticIfStatement':
      one(visit, node.condition); one(visit, node.fastMatch); one(visit, node.subject);
      one(visit, node.consequent); one(visit, node.alternate);
      return;
    case 'DeferStatement':
      one(visit, node.body);
      return;
    case 'PrintStatement':
      each(visit, node.arguments);
      return;
    case 'ContractStatement':
      one(visit, node.clause);
      return;
    case 'AutoloopStatement':
    case 'WithContextStatement':
      each(visit, node.options); one(visit, node.body);
      return;
    case 'TryAgentStatement':
      one(visit, node.body); one(visit, node.correction);
      return;
    case 'ReflectStatement':
      one(visit, node.message);
      return;
    case 'VerifyStatement':
      one(visit, node.subject); one(visit, node.target);
      return;
    case 'LifecycleHookStatement':
      one(visit, node.hook); each(visit, node.parameters); one(visit, node.body);
      return;
    case 'PassStatement':
      one(visit, node.message); one(visit, node.target);
      return;
    case 'InterpolatedString':
      each(visit, node.parts);
      return;
    case 'SpreadElement':
      one(visit, node.argument);
      return;
    case 'ListLiteral':
    case 'TupleLiteral':
      each(visit, node.elements);
      return;
    case 'DictEntry':
      one(visit, node.key); one(visit, node.value);
      return;
    case 'DictLiteral':
      each(visit, node.entries);
      return;
    case 'UnaryExpression':
      one(visit, node.operand);
      return;
    case 'BinaryExpression':
      one(visit, node.left); one(visit, node.right);
      return;
    case 'TypeTestExpression':
      one(visit, node.value); one(visit, node.target);
      return;
    case 'ConditionalExpression':
      one(visit, node.condition); one(visit, node.whenTrue); one(visit, node.whenFalse);
      return;
    case 'PropagateExpression':
      one(visit, node.operand);
      return;
    case 'CallExpression':
      one(visit, node.callee); each(visit, node.arguments);
      return;
    case 'MemberExpression':
      one(visit, node.object); one(visit, node.property);
      return;
    case 'IndexExpression':
      one(visit, node.object); one(visit, node.index);
      return;
    case 'SliceExpression':
      one(visit, node.object); one(visit, node.start); one(visit, node.end);
      return;
    case 'VariantExpression':
      one(visit, node.enumName); one(visit, node.variant);
      return;
    case 'FunctionExpression':
      each(visit, node.parameters); one(visit, node.body);
      return;
    case 'BlockExpression':
      one(visit, node.block);
      return;
    case 'MatchArm':
      one(visit, node.pattern); one(visit, node.guard); one(visit, node.body);
      return;
    case 'MatchExpression':
      one(visit, node.subject); each(visit, node.arms);
      return;
    case 'ForkExpression':
      one(visit, node.branches); one(visit, node.strategy);
      return;
    case 'SpawnExpression':
      one(visit, node.target);
      return;
    case 'AwaitExpression':
      one(visit, node.operand); one(visit, node.timeout);
      return;
    case 'BindingPattern':
      one(visit, node.name);
      return;
    case 'LiteralPattern':
      one(visit, node.value);
      return;
    case 'TuplePattern':
      each(visit, node.elements);
      return;
    case 'ArrayPattern':
      each(visit, node.elements); one(visit, node.rest);
      return;
    case 'MapPatternEntry':
      one(visit, node.key); one(visit, node.value);
      return;
    case 'MapPattern':
      each(visit, node.entries); one(visit, node.rest);
      return;
    case 'VariantPattern':
      one(visit, node.enumName); one(visit, node.variant); each(visit, node.fields ?? []);
      return;
    case 'IntentPattern':
      one(visit, node.description);
      return;
    case 'UnharnessedStatement':
      one(visit, node.reason); one(visit, node.body);
      return;
    case 'ForkBlockStatement':
      each(visit, node.branches);
      return;
    case 'ContextPolicyStatement':
      each(visit, node.properties);
      return;
    case 'Identifier':
    case 'Error':
    case 'StringType':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'NumberLiteral':
    case 'StringLiteral':
    case 'StringText':
    case 'RegexLiteral':
    case 'TemplateLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
    case 'PythonEscapeExpression':
    case 'WildcardPattern':
      return;
    default:
      // A kind added to the syntax tree without a case here would hide its subtree from
      // every pass (names left unresolved, forms left unreported): make that a type error.
      return unreachable(node);
  }
}

function unreachable(node: never): never {
  throw new Error(`forEachChild: unknown node kind ${(node as Node).kind}`);
}

function one(visit: (child: Node) => void, child: Node | null): void {
  if (child) visit(child);
}

function each(visit: (child: Node) => void, children: readonly Node[]): void {
  for (const child of children) visit(child);
}

/** Calls `visit` on `node` and every node below it; `visit` returning false skips the subtree. */
export function walk(root: Node, visit: (node: Node) => boolean | void): void {
  const enter = (node: Node): void => {
    if (visit(node) !== false) forEachChild(node, enter);
  };
  enter(root);
}

/** A pass over the tree that can share one traversal with other passes. */
export interface NodeVisitor {
  /** The kinds of node the visitor is shown; the traversal passes other nodes by. */
  readonly kinds: ReadonlySet<Node['kind']>;
  /** Called on each node of those kinds before its children. */
  enter(node: Node): void;
  /** Called on each node of those kinds after its children. */
  leave?(node: Node): void;
}

/**
 * Runs every visitor over `root` and every node below it, in one traversal. Each node is shown
 * only to the visitors that asked for its kind, so a visitor costs nothing on the many nodes
 * (identifiers, literals) it has no interest in.
 */
export function walkWith(root: Node, visitors: readonly NodeVisitor[]): void {
  // One lookup a node: the visitors entering and leaving each kind, kept together.
  const byKind = new Map<Node['kind'], { readonly enter: NodeVisitor[]; readonly leave: NodeVisitor[] }>();
  for (const visitor of visitors) {
    for (const kind of visitor.kinds) {
      let lists = byKind.get(kind);
      if (!lists) {
        lists = { enter: [], leave: [] };
        byKind.set(kind, lists);
      }
      lists.enter.push(visitor);
      if (visitor.leave) lists.leave.push(visitor);
    }
  }
  const visit = (node: Node): void => {
    const lists = byKind.get(node.kind);
    if (lists) for (const visitor of lists.enter) visitor.enter(node);
    forEachChild(node, visit);
    if (lists) for (const visitor of lists.leave) visitor.leave?.(node);
  };
  visit(root);
}
