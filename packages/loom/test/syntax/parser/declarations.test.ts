import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Declaration, Property, TopLevelItem } from '../../../src/syntax/ast.js';
import { onlyItem, parseClean, render } from '../helpers.js';

function declaration<K extends Declaration['kind']>(source: string, kind: K): Extract<Declaration, { kind: K }> {
  const item: TopLevelItem = onlyItem(parseClean(source));
  assert.equal(item.kind, kind);
  return item as Extract<Declaration, { kind: K }>;
}

function properties(list: readonly { kind: string }[]): string[] {
  return list.filter((m): m is Property => m.kind === 'Property').map((p) => {
    const value = p.value.kind === 'PropertyBlock' ? `{${p.value.properties.map((q) => q.name.name).join(' ')}}` : render(p.value);
    return `${p.name.name}=${value}`;
  });
}

describe('declarations', () => {
  it('reads include and use config', () => {
    const program = parseClean('include "utils.nxlib";\nuse config ali;');
    assert.deepEqual(program.items.map((i) => i.kind), ['IncludeDeclaration', 'UseConfigDeclaration']);
  });

  describe('agent', () => {
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

  it('reads tools with description/parameters, mcp and python bodies', () => {
    const program = parseClean([
      'tool web_search {',
      '  description: "Search",',
      '  parameters: { "query": "string", "limit": "int" }',
      '}',
      'tool m { mcp: "github.com/x" }',
      'tool p { python: "helpers.py" }',
    ].join('\n'));
    assert.deepEqual(program.items.map((i) => (i.kind === 'ToolDeclaration' ? properties(i.properties).join(' ') : i.kind)), [
      'description="Search" parameters={"query": "string", "limit": "int"}', 'mcp="github.com/x"', 'python="helpers.py"',
    ]);
  });

  it('reads @tool functions with typed parameters and a ": type" return', () => {
    const fn = declaration('@tool("Delete a file", risk_level: "high")\nfn delete_file(path: string): string {\n  return path\n}', 'FunctionDeclaration');
    assert.equal(fn.decorators[0]?.name.name, 'tool');
    assert.deepEqual(fn.decorators[0]?.arguments?.map(render), ['"Delete a file"', 'risk_level="high"']);
    assert.deepEqual(fn.parameters.map((p) => `${p.name.name}:${render(p.type)}`), ['path:string']);
    assert.equal(render(fn.returnType), 'string');
  });

  it('reads protocols with quoted and expression types', () => {
    const protocol = declaration('protocol R {\n  score: "int",\n  tags: list[str],\n  meta: dict[str, str],\n  v: str | int | float,\n  s: str?,\n  e: Option[str],\n}', 'ProtocolDeclaration');
    assert.deepEqual(protocol.fields.map((f) => `${f.name.name}: ${render(f.type)}`), [
      'score: "int"', 'tags: list[str]', 'meta: dict[str, str]', 'v: str | int | float', 's: str?', 'e: Option[str]',
    ]);
  });

  describe('flow', () => {
    it('reads a flow without parentheses', () => {
      const flow = declaration('flow main {\n  print("hi")\n}', 'FlowDeclaration');
      assert.equal(flow.parameters, null);
      assert.equal(flow.body.statements.length, 1);
    });

    it('reads parameters, defaults, return types and contracts', () => {
      const flow = declaration([
        'flow transfer(amount: float, note: str = "none") -> Result',
        '    requires amount > 0',
        '    requires: amount <= 10000',
        '    ensures "result confirms payment" {',
        '  return ok()',
        '}',
      ].join('\n'), 'FlowDeclaration');
      assert.deepEqual(flow.parameters?.map((p) => `${p.name.name}:${render(p.type)}=${render(p.defaultValue)}`), [
        'amount:float=_', 'note:str="none"',
      ]);
      assert.equal(render(flow.returnType), 'Result');
      assert.deepEqual(flow.contracts.map((c) => render(c.condition)), [
        '(> amount 0)', '(<= amount 10000)', '"result confirms payment"',
      ]);
    });

    it('reads the ": Type" return form', () => {
      assert.equal(render(declaration('flow parse(text: String): Result { return x }', 'FlowDeclaration').returnType), 'Result');
    });
  });

  it('reads test declarations', () => {
    const test = declaration('test "translation" {\n  assert "Chinese" against r\n}', 'TestDeclaration');
    assert.equal(test.name.value, 'translation');
  });

  it('reads type aliases, plain and semantic', () => {
    const program = parseClean('type Email = str @ "valid email"\ntype Tags = list[str]');
    assert.deepEqual(program.items.map((i) => (i.kind === 'TypeAliasDeclaration' ? `${render(i.type)} @ ${i.constraint?.value ?? '-'}` : '')), [
      'str @ valid email', 'list[str] @ -',
    ]);
  });

  it('reads struct, enum, trait and impl', () => {
    const program = parseClean([
      'struct Point { x: Int, y: Int }',
      'enum Option { Some(value), None }',
      'trait Printable { fn format() -> String }',
      'trait Describable { fn describe() : String }',
      'impl Printable for Point {',
      '  fn format() -> String { return "Point(#{self.x})" }',
      '}',
    ].join('\n'));
    const [struct, enumeration, trait, colonTrait, impl] = program.items;
    assert.ok(struct?.kind === 'StructDeclaration');
    assert.deepEqual(struct.fields.map((f) => `${f.name.name}:${render(f.type)}`), ['x:Int', 'y:Int']);
    assert.ok(enumeration?.kind === 'EnumDeclaration');
    assert.deepEqual(enumeration.variants.map((v) => `${v.name.name}${v.fields ? `(${v.fields.map((f) => f.name).join()})` : ''}`), ['Some(value)', 'None']);
    assert.ok(trait?.kind === 'TraitDeclaration' && colonTrait?.kind === 'TraitDeclaration');
    assert.deepEqual([trait.methods[0]?.body, render(colonTrait.methods[0]?.returnType ?? null)], [null, 'String']);
    assert.ok(impl?.kind === 'ImplDeclaration');
    assert.deepEqual([impl.trait.name, impl.target.name, impl.methods[0]?.body?.statements.length], ['Printable', 'Point', 1]);
  });

  it('reads jobs with options, body properties and handlers', () => {
    const job = declaration([
      'job ProcessPayment on "payments" (priority: critical) {',
      '  retry: 5',
      '  timeout: 60',
      '  perform(order_id, amount) { charge(order_id, amount) }',
      '  on_failure(error, attempt) { log(error) }',
      '}',
    ].join('\n'), 'JobDeclaration');
    assert.equal(job.queue?.value, 'payments');
    assert.deepEqual(job.options.map(render), ['priority=critical']);
    assert.deepEqual(properties(job.properties), ['retry=5', 'timeout=60']);
    assert.deepEqual(job.handlers.map((h) => `${h.name.name}(${h.parameters.length})`), ['perform(2)', 'on_failure(2)']);
    assert.equal(declaration('job Cleanup {\n  perform() {}\n}', 'JobDeclaration').queue, null);
  });

  it('reads db, auth and kv in both forms', () => {
    const program = parseClean([
      'db app_db = connect("sqlite://data.db")',
      'auth myAuth = enable_auth(\'{"providers": ["google"]}\')',
      'auth api {',
      '  type: "jwt"',
      '  secret: secret("JWT_SECRET")',
      '  algorithms: ["HS256"],',
      '  expires_in: 3600',
      '}',
      'kv cache = open("sqlite://cache.db")',
      'kv store { path: ":memory:" }',
    ].join('\n'));
    assert.deepEqual(program.items.map((i) => {
      if (i.kind !== 'ResourceDeclaration') return i.kind;
      return `${i.resource} ${i.name.name} ${i.init ? render(i.init) : properties(i.properties ?? []).join(' ')}`;
    }), [
      'db app_db (call connect "sqlite://data.db")',
      'auth myAuth (call enable_auth "{\\"providers\\": [\\"google\\"]}")',
      'auth api type="jwt" secret=(call secret "JWT_SECRET") algorithms=["HS256"] expires_in=3600',
      'kv cache (call open "sqlite://cache.db")',
      'kv store path=":memory:"',
    ]);
  });

  it('allows statements at top level next to declarations', () => {
    const program = parseClean('kv c = open(":memory:")\nset(c, "k", 1)\nlet v = get_str(c, "k")');
    assert.deepEqual(program.items.map((i) => i.kind), ['ResourceDeclaration', 'ExpressionStatement', 'LetStatement']);
  });

  it('keeps declaration words usable as names at top level', () => {
    const program = parseClean('type = "x"\ntest = 1\nflow = 2\ndb.close()\nagent = 3');
    assert.deepEqual(program.items.map((i) => i.kind), [
      'AssignmentStatement', 'AssignmentStatement', 'AssignmentStatement', 'ExpressionStatement', 'AssignmentStatement',
    ]);
  });
});
