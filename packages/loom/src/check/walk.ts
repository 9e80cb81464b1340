/**
 * Generic traversal of the syntax tree. Passes that only care about a few node kinds (harness
 * forms, unreachable code) walk with `forEachChild` instead of each keeping its own copy of the
 * tree's shape; the resolver uses it for every node that opens no scope.
 */
import type { Node } from '../syntax/ast.js';

type Child = Node | null | undefined;

/** Calls `visit` on each direct child of `node`, in source order. */
export function forEachChild(node: Node, visit: (child: Node) => void): void {
  for (const child of childrenOf(node)) {
    if (child) visit(child);
  }
}

/** Calls `visit` on `node` and every node below it; `visit` returning false skips the subtree. */
export function walk(node: Node, visit: (node: Node) => boolean | void): void {
  if (visit(node) === false) return;
  forEachChild(node, (child) => walk(child, visit));
}

function childrenOf(node: Node): readonly Child[] {
  switch (node.kind) {
    case 'Program':
      return node.items;
    case 'IncludeDeclaration':
      return [node.path];
    case 'UseConfigDeclaration':
      return [node.name];
    case 'AgentDeclaration':
      return [
        node.name, ...node.decorators, node.returnType, ...node.uses, ...node.implements,
        ...node.contracts, ...node.members,
      ];
    case 'ToolDeclaration':
      return [node.name, ...node.properties];
    case 'FunctionDeclaration':
      return [...node.decorators, node.name, ...node.parameters, node.returnType, node.body];
    case 'ProtocolDeclaration':
      return [node.name, ...node.fields];
    case 'FlowDeclaration':
      return [
        ...node.decorators, node.name, ...(node.parameters ?? []), node.returnType,
        ...node.contracts, node.body,
      ];
    case 'TestDeclaration':
      return [node.name, node.body];
    case 'TypeAliasDeclaration':
      return [node.name, node.type, node.constraint];
    case 'StructDeclaration':
      return [node.name, ...node.fields];
    case 'EnumDeclaration':
      return [node.name, ...node.variants];
    case 'TraitDeclaration':
      return [node.name, ...node.methods];
    case 'ImplDeclaration':
      return [node.trait, node.target, ...node.methods];
    case 'JobDeclaration':
      return [node.name, node.queue, ...node.options, ...node.properties, ...node.handlers];
    case 'ServerDeclaration':
      return [node.port, node.name, ...node.directives];
    case 'ResourceDeclaration':
      return [node.name, node.init, ...(node.properties ?? [])];
    case 'Property':
      return [node.name, node.value];
    case 'PropertyBlock':
      return node.properties;
    case 'Argument':
      return [node.name, node.value];
    case 'Decorator':
      return [node.name, ...(node.arguments ?? [])];
    case 'Parameter':
      return [node.name, node.type, node.defaultValue];
    case 'ContractClause':
      return [node.condition];
    case 'Block':
      return node.statements;
    case 'QualifiedName':
      return node.parts;
    case 'McpUse':
      return [node.url];
    case 'ProtocolField':
      return [node.name, node.type];
    case 'StructField':
      return [node.name, node.type];
    case 'EnumVariant':
      return [node.name, ...(node.fields ?? [])];
    case 'JobHandler':
      return [node.name, ...node.parameters, node.body];
    case 'RouteDirective':
      return [node.method, node.path, node.handler, ...node.contracts, ...node.properties];
    case 'StaticDirective':
      return [node.urlPath, node.directory];
    case 'ValueDirective':
      return [node.name, node.value];
    case 'GroupDirective':
      return [node.path, ...node.directives];
    case 'CatchClause':
      return [node.parameter, node.body];
    case 'NamedType':
      return [node.name, ...node.arguments];
    case 'UnionType':
      return node.members;
    case 'OptionalType':
      return [node.inner];
    case 'ExpressionStatement':
      return [node.expression];
    case 'AssignmentStatement':
      return [node.target, node.value];
    case 'LetStatement':
      return [node.pattern, node.type, node.value];
    case 'IfStatement':
      return [node.condition, node.consequent, node.alternate];
    case 'ForStatement':
      return [node.pattern, node.iterable, node.body];
    case 'WhileStatement':
      return [node.condition, node.body];
    case 'LoopStatement':
      return [node.body, node.until];
    case 'ReturnStatement':
      return [node.value];
    case 'RaiseStatement':
      return [node.value];
    case 'TryStatement':
      return [node.body, node.handler];
    case 'AssertStatement':
      return [node.condition, node.against];
    case 'SemanticIfStatement':
      return [node.condition, node.fastMatch, node.subject, node.consequent, node.alternate];
    case 'DeferStatement':
      return [node.body];
    case 'PrintStatement':
      return node.arguments;
    case 'ContractStatement':
      return [node.clause];
    case 'AutoloopStatement':
    case 'WithContextStatement':
      return [...node.options, node.body];
    case 'TryAgentStatement':
      return [node.body, node.correction];
    case 'ReflectStatement':
      return [node.message];
    case 'ForkStatement':
      return [node.branches, node.strategy];
    case 'VerifyStatement':
      return [node.subject, node.target];
    case 'LifecycleHookStatement':
      return [node.hook, ...node.parameters, node.body];
    case 'PassStatement':
      return [node.message, node.target];
    case 'InterpolatedString':
      return node.parts;
    case 'SpreadElement':
      return [node.argument];
    case 'ListLiteral':
    case 'TupleLiteral':
      return node.elements;
    case 'DictEntry':
      return [node.key, node.value];
    case 'DictLiteral':
      return node.entries;
    case 'UnaryExpression':
      return [node.operand];
    case 'BinaryExpression':
      return [node.left, node.right];
    case 'ConditionalExpression':
      return [node.condition, node.whenTrue, node.whenFalse];
    case 'PropagateExpression':
      return [node.operand];
    case 'CallExpression':
      return [node.callee, ...node.arguments];
    case 'MemberExpression':
      return [node.object, node.property];
    case 'IndexExpression':
      return [node.object, node.index];
    case 'SliceExpression':
      return [node.object, node.start, node.end];
    case 'VariantExpression':
      return [node.enumName, node.variant];
    case 'FunctionExpression':
      return [...node.parameters, node.body];
    case 'BlockExpression':
      return [node.block];
    case 'MatchArm':
      return [node.pattern, node.guard, node.body];
    case 'MatchExpression':
      return [node.subject, ...node.arms];
    case 'SpawnExpression':
      return [node.target];
    case 'AwaitExpression':
      return [node.operand, node.timeout];
    case 'BindingPattern':
      return [node.name];
    case 'LiteralPattern':
      return [node.value];
    case 'TuplePattern':
      return node.elements;
    case 'ArrayPattern':
      return [...node.elements, node.rest];
    case 'MapPatternEntry':
      return [node.key, node.value];
    case 'MapPattern':
      return [...node.entries, node.rest];
    case 'VariantPattern':
      return [node.enumName, node.variant, ...(node.fields ?? [])];
    case 'IntentPattern':
      return [node.description];
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
      return [];
  }
}
