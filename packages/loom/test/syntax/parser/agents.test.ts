import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { declaration, properties, render } from '../helpers.js';

describe('agent declarations', () => {
  it('reads properties separated by commas, line breaks or nothing but a line', () => {
    const agent = declaration('agent Writer {\n  role: "Writer",\n  model: "deepseek/deepseek-chat"\n  prompt: """\n  Write.\n  """,\n  cache: true\n}', 'AgentDeclaration');
    assert.deepEqual(properties(agent.members), [
      'role="Writer"', 'model="deepseek/deepseek-chat"', 'prompt="\\n  Write.\\n  "', 'cache=true',
    ]);
  });

  it('reads decorators, return type, uses, implements and contracts', () => {
    const agent = declaration([
      '@limit(max_tokens=600)',
      '@timeout(seconds=30)',
      'agent Reviewer -> Report uses std.http, web_search, "SKILLS.md", mcp:"http://x" implements ReviewResult',
      '    requires "input contains code"',
      '    ensures: "result includes score" {',
      '  prompt: "Review."',
      '}',
    ].join('\n'), 'AgentDeclaration');
    assert.deepEqual(agent.decorators.map((d) => `${d.name.name}(${(d.arguments ?? []).map(render).join(',')})`), [
      'limit(max_tokens=600)', 'timeout(seconds=30)',
    ]);
    assert.equal(render(agent.returnType), 'Report');
    assert.deepEqual(agent.uses.map((u) => u.kind), ['QualifiedName', 'QualifiedName', 'StringLiteral', 'McpUse']);
    assert.deepEqual(agent.implements.map((i) => i.name), ['ReviewResult']);
    assert.deepEqual(agent.contracts.map((c) => `${c.clause} ${render(c.condition)}`), [
      'requires "input contains code"', 'ensures "result includes score"',
    ]);
  });

  it('reads an angle-bracketed return type', () => {
    assert.equal(render(declaration('agent Lister -> List<Report> { prompt: "p" }', 'AgentDeclaration').returnType), 'List[Report]');
  });

  it('reads a bracketed uses list', () => {
    const agent = declaration('agent A uses [std.fs, std.web_search] { prompt: "p" }', 'AgentDeclaration');
    assert.equal(agent.uses.length, 2);
  });

  it('reads properties without colons, nested blocks, methods and let members', () => {
    const agent = declaration([
      'agent Bot {',
      '  model "minimax-m2.5"',
      '  memory = db(app_db)',
      '  output_schema: { "steps": "string" }',
      '  context {',
      '    source: upstream,',
      '    inherit: [messages]',
      '  }',
      '  let tpl = template"""You are {{name}}"""',
      '  fn handle(query) { return query }',
      '  flow setup() -> str { return "ok" }',
      '}',
    ].join('\n'), 'AgentDeclaration');
    assert.deepEqual(agent.members.map((m) => m.kind), [
      'Property', 'Property', 'Property', 'Property', 'LetStatement', 'FunctionDeclaration', 'FlowDeclaration',
    ]);
    assert.deepEqual(properties(agent.members), [
      'model="minimax-m2.5"', 'memory=(call db app_db)', 'output_schema={"steps": "string"}', 'context={source inherit}',
    ]);
  });

  it('keeps contextual keywords usable as property names', () => {
    const agent = declaration('agent A { type: "x", test: 1, flow: 2, on: 3, server: 4, kv: 5 }', 'AgentDeclaration');
    assert.deepEqual(properties(agent.members), ['type="x"', 'test=1', 'flow=2', 'on=3', 'server=4', 'kv=5']);
  });
});
