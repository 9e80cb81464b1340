import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { Node } from '../../src/syntax/ast.js';
import { parse } from '../../src/syntax/parser.js';
import { assertSpansWellFormed, forEachNode, parseClean } from './helpers.js';

const FIXTURES = new URL('../fixtures/syntax/', import.meta.url);

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

function kindCounts(root: Node): Map<string, number> {
  const counts = new Map<string, number>();
  forEachNode(root, (node) => counts.set(node.kind, (counts.get(node.kind) ?? 0) + 1));
  return counts;
}

describe('parse', () => {
  for (const name of readdirSync(FIXTURES).filter((file) => file.endsWith('.nx')).sort()) {
    it(`parses the fixture ${name} without errors and with well-formed spans`, () => {
      const source = fixture(name);
      assertSpansWellFormed(parseClean(source), source);
    });
  }

  it('keeps the top-level structure of a program', () => {
    const program = parseClean(fixture('agents-and-flows.nx'));
    assert.deepEqual(program.items.map((item) => item.kind), [
      'IncludeDeclaration', 'UseConfigDeclaration', 'ProtocolDeclaration', 'ToolDeclaration', 'AgentDeclaration',
      'AgentDeclaration', 'AgentDeclaration', 'FlowDeclaration', 'FlowDeclaration', 'FlowDeclaration', 'TestDeclaration',
    ]);
    assert.deepEqual(program.span.start, { line: 1, column: 1, offset: 0 });
  });

  it('produces every harness node kind from the harness fixture', () => {
    const counts = kindCounts(parseClean(fixture('harness.nx')));
    for (const kind of [
      'LifecycleHookStatement', 'AutoloopStatement', 'WithContextStatement', 'TryAgentStatement', 'ReflectStatement',
      'VerifyStatement', 'ForkExpression', 'SpawnExpression', 'PassStatement', 'AwaitExpression',
    ]) {
      assert.ok((counts.get(kind) ?? 0) > 0, `no ${kind}`);
    }
    assert.equal(counts.get('LifecycleHookStatement'), 4);
    assert.equal(counts.get('PassStatement'), 2);
  });

  it('gives each node the span of exactly its source text', () => {
    const source = 'flow main {\n  total = price * (1 + rate) ?? 0\n}';
    const program = parseClean(source);
    const texts: string[] = [];
    forEachNode(program, (node) => {
      if (node.kind === 'BinaryExpression') texts.push(source.slice(node.span.start.offset, node.span.end.offset));
    });
    assert.deepEqual(texts, ['price * (1 + rate) ?? 0', 'price * (1 + rate)', '1 + rate']);
  });

  it('reads Unicode names for agents, flows, variables and fields', () => {
    const program = parseClean('agent 翻译者 { prompt: "翻译" }\nflow 主流程(输入: str) {\n  结果 = 翻译者.run(输入)\n  print("完成: #{结果.文本}")\n}');
    const names: string[] = [];
    forEachNode(program, (node) => {
      if (node.kind === 'Identifier') names.push(node.name);
    });
    assert.deepEqual(names, ['翻译者', 'prompt', '主流程', '输入', 'str', '结果', '翻译者', 'run', '输入', '结果', '文本']);
  });

  it('keeps contextual keywords usable as names in every position', () => {
    const source = [
      'protocol Meta { type: "string", test: "int", model: str }',
      'struct Job { server: str, db: str, on: int }',
      'flow configure(type: str, model: str, kv: int = 1) {',
      '  role = model + type',
      '  let auth = { test: kv }',
      '  for each job in [role, auth.test] { print(job) }',
      '  return agent.type ?? tool.flow',
      '}',
    ].join('\n');
    assert.deepEqual(parseClean(source).items.map((item) => item.kind), [
      'ProtocolDeclaration', 'StructDeclaration', 'FlowDeclaration',
    ]);
  });

  it('reports the file name in every span', () => {
    const { program, diagnostics } = parse('flow main { x = }', 'scripts/demo.nx');
    assert.equal(diagnostics[0]?.span.file, 'scripts/demo.nx');
    forEachNode(program, (node) => assert.equal(node.span.file, 'scripts/demo.nx'));
  });

  it('reads a program that uses no semicolons and one that uses them everywhere alike', () => {
    const withSemicolons = parseClean('flow main { a = 1; b = a + 1; print(b); }');
    const withLines = parseClean('flow main {\n  a = 1\n  b = a + 1\n  print(b)\n}');
    const shape = (root: Node): string[] => [...kindCounts(root).entries()].map(([kind, count]) => `${kind}:${count}`).sort();
    assert.deepEqual(shape(withSemicolons), shape(withLines));
  });
});
