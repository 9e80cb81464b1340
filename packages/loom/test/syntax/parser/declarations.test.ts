import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { declaration, parseClean, properties, render } from '../helpers.js';

describe('declarations', () => {
  it('reads include and use config', () => {
    const program = parseClean('include "utils.nxlib";\nuse config ali;');
    assert.deepEqual(program.items.map((i) => i.kind), ['IncludeDeclaration', 'UseConfigDeclaration']);
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
