/** Shared helpers for the syntax tests: parse-and-assert and a compact rendering of trees. */
import assert from 'node:assert/strict';
import type { Diagnostic } from '../../src/diagnostic.js';
import type {
  Declaration, Expression, FlowDeclaration, Node, Program, Property, Statement, TopLevelItem,
} from '../../src/syntax/ast.js';
import { parse } from '../../src/syntax/parser.js';

export const FILE = 'test.nx';

function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code} ${d.message}`)
    .join('\n');
}

/** Parses `source` and fails the test if any diagnostic is reported. */
export function parseClean(source: string): Program {
  const { program, diagnostics } = parse(source, FILE);
  assert.equal(diagnostics.length, 0, `unexpected diagnostics:\n${formatDiagnostics(diagnostics)}`);
  return program;
}

/** Parses `source` and returns its diagnostics as `line:column message` lines. */
export function syntaxErrors(source: string): string[] {
  const { diagnostics } = parse(source, FILE);
  for (const d of diagnostics) assert.equal(d.code, 'E004');
  return diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.message}`);
}

export function onlyItem(program: Program): TopLevelItem {
  assert.equal(program.items.length, 1, `expected one item, got ${program.items.map((i) => i.kind).join(', ')}`);
  return program.items[0] as TopLevelItem;
}

/** Parses a program of exactly one declaration and checks its kind. */
export function declaration<K extends Declaration['kind']>(source: string, kind: K): Extract<Declaration, { kind: K }> {
  const item = onlyItem(parseClean(source));
  assert.equal(item.kind, kind);
  return item as Extract<Declaration, { kind: K }>;
}

/** `name=value` for each Property in a member list; a nested block shows its property names. */
export function properties(members: readonly { kind: string }[]): string[] {
  return members.filter((m): m is Property => m.kind === 'Property').map((p) => {
    const value = p.value.kind === 'PropertyBlock' ? `{${p.value.properties.map((q) => q.name.name).join(' ')}}` : render(p.value);
    return `${p.name.name}=${value}`;
  });
}

/** The statements of `flow main { <body> }`. */
export function flowBody(body: string): readonly Statement[] {
  const item = onlyItem(parseClean(`flow main {\n${body}\n}`));
  assert.equal(item.kind, 'FlowDeclaration');
  return (item as FlowDeclaration).body.statements;
}

/** Asserts the statement's kind and narrows its type. */
export function expectKind<K extends Statement['kind']>(statement: Statement, kind: K): Extract<Statement, { kind: K }> {
  assert.equal(statement.kind, kind);
  return statement as Extract<Statement, { kind: K }>;
}

export function onlyStatement(body: string): Statement {
  const statements = flowBody(body);
  assert.equal(statements.length, 1, `expected one statement, got ${statements.map((s) => s.kind).join(', ')}`);
  return statements[0] as Statement;
}

/** The expression of `x = <source>` inside a flow. */
export function expression(source: string): Expression {
  const statement = onlyStatement(`x = ${source}`);
  assert.equal(statement.kind, 'AssignmentStatement');
  return statement.value;
}

/**
 * Renders expressions and patterns as S-expressions, e.g. `(|> (+ a 1) f)`, so precedence and
 * shape can be asserted in one readable line.
 */
export function render(node: Node | null): string {
  if (node === null) return '_';
  switch (node.kind) {
    case 'Identifier': return node.name;
    case 'NumberLiteral': return `${node.value}${node.unit ?? ''}`;
    case 'StringLiteral': return JSON.stringify(node.value);
    case 'BooleanLiteral': return String(node.value);
    case 'NullLiteral': return 'null';
    case 'RegexLiteral': return `r${JSON.stringify(node.pattern)}`;
    case 'TemplateLiteral': return `template${JSON.stringify(node.body)}`;
    case 'InterpolatedString':
      return `(str ${node.parts.map((part) => (part.kind === 'StringText' ? JSON.stringify(part.value) : render(part))).join(' ')})`;
    case 'BinaryExpression': return `(${node.operator} ${render(node.left)} ${render(node.right)})`;
    case 'TypeTestExpression': return `(${node.negated ? 'is-not' : 'is'} ${render(node.value)} ${render(node.target)})`;
    case 'UnaryExpression': return `(${node.operator} ${render(node.operand)})`;
    case 'ConditionalExpression':
      return `(?: ${render(node.condition)} ${render(node.whenTrue)} ${render(node.whenFalse)})`;
    case 'PropagateExpression': return `(? ${render(node.operand)})`;
    case 'CallExpression': return `(call ${render(node.callee)}${node.arguments.map((a) => ` ${render(a)}`).join('')})`;
    case 'Argument': return node.name === null ? render(node.value) : `${node.name.name}=${render(node.value)}`;
    case 'MemberExpression': return `${render(node.object)}.${node.property.name}`;
    case 'IndexExpression': return `(index ${render(node.object)} ${render(node.index)})`;
    case 'SliceExpression': return `(slice ${render(node.object)} ${render(node.start)} ${render(node.end)})`;
    case 'VariantExpression': return `${node.enumName.name}::${node.variant.name}`;
    case 'ListLiteral': return `[${node.elements.map(render).join(' ')}]`;
    case 'SpreadElement': return `..${render(node.argument)}`;
    case 'TupleLiteral': return `(tuple${node.elements.map((e) => ` ${render(e)}`).join('')})`;
    case 'DictLiteral': return `{${node.entries.map((e) => `${render(e.key)}: ${render(e.value)}`).join(', ')}}`;
    case 'FunctionExpression': return `(fn ${node.parameters.map((p) => p.name.name).join(' ')})`;
    case 'BlockExpression': return `(block ${node.block.statements.length})`;
    case 'MatchExpression': return `(${node.fast ? 'fast_match' : 'match'} ${render(node.subject)} ${node.arms.length})`;
    case 'PythonEscapeExpression': return `(python ${JSON.stringify(node.code)})`;
    case 'SpawnExpression': return `(spawn ${render(node.target)})`;
    case 'AwaitExpression': return `(await ${render(node.operand)}${node.timeout ? ` ${render(node.timeout)}` : ''})`;
    case 'WildcardPattern': return '_';
    case 'BindingPattern': return `$${node.name.name}`;
    case 'LiteralPattern': return render(node.value);
    case 'TuplePattern': return `(${node.elements.map(render).join(' ')})`;
    case 'ArrayPattern':
      return `[${[...node.elements.map(render), ...(node.rest ? [`..${node.rest.name}`] : [])].join(' ')}]`;
    case 'MapPattern':
      return `{${[...node.entries.map((e) => `${render(e.key)}${e.value ? `: ${render(e.value)}` : ''}`),
        ...(node.rest ? [`..${node.rest.name}`] : [])].join(', ')}}`;
    case 'VariantPattern':
      return `${node.enumName ? `${node.enumName.name}::` : ''}${node.variant.name}${node.fields ? `(${node.fields.map(render).join(' ')})` : ''}`;
    case 'IntentPattern': return `(intent ${render(node.description)})`;
    case 'NamedType':
      return node.arguments.length === 0 ? node.name.name : `${node.name.name}[${node.arguments.map(render).join(', ')}]`;
    case 'UnionType': return node.members.map(render).join(' | ');
    case 'OptionalType': return `${render(node.inner)}?`;
    case 'StringType': return `"${node.text}"`;
    case 'Error': return '<error>';
    default: return `<${node.kind}>`;
  }
}


/** Calls `visit` for every node of a tree (anything with a `kind` and a `span`), parents first. */
export function forEachNode(root: Node, visit: (node: Node, parent: Node | null) => void): void {
  const walk = (value: unknown, parent: Node | null): void => {
    if (Array.isArray(value)) {
      for (const element of value) walk(element, parent);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.kind !== 'string' || record.span === undefined) return;
    const node = value as Node;
    visit(node, parent);
    for (const [key, child] of Object.entries(record)) {
      if (key !== 'span') walk(child, node);
    }
  };
  walk(root, null);
}

/**
 * Checks the span invariants every tree must keep: offsets inside the source, start before
 * end, and line/column consistent with the offset.
 */
export function assertSpansWellFormed(root: Node, source: string): void {
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    const CH_LF = 10;
    const CH_CR = 13;
    if (code === CH_CR && source.charCodeAt(i + 1) === CH_LF) continue;
    if (code === CH_LF || code === CH_CR) lineStarts.push(i + 1);
  }
  forEachNode(root, (node) => {
    const { start, end } = node.span;
    assert.ok(start.offset >= 0 && end.offset <= source.length, `${node.kind} span outside the source`);
    assert.ok(start.offset <= end.offset, `${node.kind} span ends before it starts`);
    for (const position of [start, end]) {
      assert.equal(lineStarts[position.line - 1] as number + position.column - 1, position.offset,
        `${node.kind} position ${position.line}:${position.column} does not match offset ${position.offset}`);
    }
  });
}
