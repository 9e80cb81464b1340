import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { parse } from '../../src/syntax/parser.js';
import { ENTRY, findings, onlyFinding } from './helpers.js';

suite('agent declarations', () => {
  test('an agent with every honoured property is accepted', () => {
    const source = [
      'agent Full {',
      '    role: "Analyst",',
      '    prompt: """Analyse the input.""",',
      '    description: "analyses",',
      '    model: "openai/gpt-4o",',
      '    fallback: ["anthropic/claude-3-haiku", "ollama/llama3"],',
      '    timeout: 30, retry: 2, retry_delay: 0.5, max_tokens: 800, max_history_turns: 4,',
      '    cache: true, tool_timeout: 10, temperature: 0.2, memory: "session", stream: false,',
      '    output_format: "json", max_tool_calls: 3',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('an agent with neither role nor prompt is E003 at its name', () => {
    const finding = onlyFinding('agent Silent {\n    model: "openai/gpt-4o"\n}');
    assert.equal(finding.code, 'E003');
    assert.equal(finding.message, "Missing required property: agent 'Silent' declares neither 'role' nor 'prompt'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column, finding.span.end.column], [1, 7, 13]);
  });

  test('a role alone or a prompt alone is enough', () => {
    assert.deepEqual(findings('agent A { role: "r" }\nagent B { prompt: "p" }'), []);
  });

  test('a model without a provider prefix is a compile-time error at the model string', () => {
    const finding = onlyFinding('agent Bot {\n    prompt: "p",\n    model: "gpt-4"\n}');
    assert.equal(finding.code, 'E002');
    assert.equal(finding.message, "Type mismatch: model 'gpt-4' has no provider prefix");
    assert.deepEqual([finding.span.start.line, finding.span.start.column, finding.span.end.column], [3, 12, 19]);
    assert.match(finding.hint ?? '', /e\.g\. 'openai\/gpt-4'/);
  });

  test('the provider hint fixes a wrong separator and leaves unknown families open', () => {
    const hints = ['minimax:minimax-m2.5', 'glm-5'].map(
      (model) => onlyFinding(`agent Bot { prompt: "p", model: "${model}" }`).hint,
    );
    assert.match(hints[0] ?? '', /'minimax\/minimax-m2\.5'/);
    assert.match(hints[1] ?? '', /'<provider>\/glm-5'/);
  });

  test('each fallback model needs its provider too', () => {
    assert.deepEqual(findings('agent Bot { prompt: "p", fallback: ["openai/gpt-4o", "claude-3"] }'), [
      "1:54 E002 Type mismatch: model 'claude-3' has no provider prefix",
    ]);
  });

  test('an unknown property is reported, with a suggestion for a misspelling', () => {
    const finding = onlyFinding('agent Bot {\n    prompt: "p",\n    temprature: 0.3\n}');
    assert.equal(finding.message, "Type mismatch: agents have no property 'temprature'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [3, 5]);
    assert.equal(finding.hint, "did you mean 'temperature'?");
  });

  test('header clauses written as body properties, as the Nexa docs do, are read into the header', () => {
    const source = [
      'protocol Verdict { ok: bool }',
      '@tool("Looks a word up") fn lookup(word: str) -> str { return word }',
      'agent Checker {',
      '    prompt: "Check the text",',
      '    tools: [lookup],',
      '    uses: std.text, std.json',
      '    implements: Verdict',
      '    requires: "the input is a sentence"',
      '    ensures: "the answer says whether it is correct"',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
    const agent = parse(source, ENTRY).program.items.find((item) => item.kind === 'AgentDeclaration');
    assert.ok(agent?.kind === 'AgentDeclaration');
    assert.deepEqual(agent.uses.map((use) => (use.kind === 'QualifiedName' ? use.parts.map((part) => part.name).join('.') : use.kind)), ['lookup', 'std.text', 'std.json']);
    assert.deepEqual(agent.implements.map((name) => name.name), ['Verdict']);
    assert.deepEqual(agent.contracts.map((contract) => contract.clause), ['requires', 'ensures']);
    assert.deepEqual(agent.members.map((member) => (member.kind === 'Property' ? member.name.name : member.kind)), ['prompt']);
  });

  test('property values must have the documented type', () => {
    const source = [
      'agent Bot {',
      '    prompt: "p",',
      '    timeout: "30",',
      '    stream: "true",',
      '    retry: 1.5,',
      '    role: 42,',
      '    max_tokens: 0,',
      '    temperature: 3,',
      '    retry_delay: -1',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "3:14 E002 Type mismatch: 'timeout' expects a number of seconds, found a string",
      "4:13 E002 Type mismatch: 'stream' expects true or false, found a string",
      "5:12 E002 Type mismatch: 'retry' expects a whole number, found a float",
      "6:11 E002 Type mismatch: 'role' expects a string, found an integer",
      "7:17 E002 Type mismatch: 'max_tokens' must be greater than 0",
      "8:18 E002 Type mismatch: 'temperature' must be between 0 and 2",
      "9:18 E002 Type mismatch: 'retry_delay' must not be less than 0",
    ]);
  });

  test('a quoted number or boolean gets a hint to drop the quotes', () => {
    assert.equal(onlyFinding('agent Bot { prompt: "p", cache: "true" }').hint, 'write true without quotes');
  });

  test('computed values are left to the runtime', () => {
    assert.deepEqual(findings('agent Bot { prompt: "p", model: secret("MODEL"), timeout: 10 * 3 }'), []);
  });

  test('a property set twice is E005 at the second, pointing at the first', () => {
    const finding = onlyFinding('agent Bot {\n    prompt: "a",\n    prompt: "b"\n}');
    assert.equal(finding.code, 'E005');
    assert.equal(finding.message, "Duplicate declaration of 'prompt' in agent 'Bot'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [3, 5]);
    assert.equal(finding.hint, "'prompt' is already set by the property at main.nx:2:5");
  });

  test('tool_call_strategy is "auto", "required" or "none"; "required" needs a tool to call', () => {
    const tool = '@tool("Search")\nfn web_search(query: str) -> str { return query }\n';
    assert.deepEqual(findings(`${tool}agent A uses web_search { prompt: "a", tool_call_strategy: "required" }\nagent B { prompt: "b", tool_call_strategy: "none" }`), []);
    assert.deepEqual(findings('agent A { prompt: "a", tool_call_strategy: "required" }\nagent B { prompt: "b", tool_call_strategy: "always" }\nagent C { prompt: "c", tool_call_strategy: 1 }'), [
      "1:44 E002 Type mismatch: agent 'A' must call a tool (tool_call_strategy \"required\") but uses none",
      '2:44 E002 Type mismatch: \'tool_call_strategy\' is one of "auto", "required", "none", not "always"',
      '3:44 E002 Type mismatch: \'tool_call_strategy\' expects one of "auto", "required", "none", found an integer',
    ]);
  });
});

suite('agent decorators', () => {
  test('@limit, @timeout, @retry and @temperature are accepted with their documented arguments', () => {
    const source = [
      '@limit(max_tokens=600)',
      '@timeout(seconds=30)',
      '@retry(count=3)',
      '@temperature(value=0.7)',
      'agent A { prompt: "p" }',
      '@retry(max_attempts=2)',
      'agent B { prompt: "p" }',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('an unknown decorator is reported at its name', () => {
    const finding = onlyFinding('@budget(max_cost="$1")\nagent A { prompt: "p" }');
    assert.equal(finding.code, 'E001');
    assert.equal(finding.message, "Undeclared identifier: unknown decorator '@budget'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column, finding.span.end.column], [1, 2, 8]);
    assert.equal(finding.hint, 'agents take @limit, @timeout, @retry, @temperature');
  });

  test('a wrong or missing decorator argument is a type mismatch', () => {
    assert.deepEqual(findings('@timeout(sec=3)\nagent A { prompt: "p" }\n@limit\nagent B { prompt: "p" }'), [
      "1:10 E002 Type mismatch: '@timeout' has no argument 'sec': write @timeout(seconds=...)",
      "3:1 E002 Type mismatch: '@limit' needs a value: write @limit(max_tokens=...)",
    ]);
  });

  test('decorator values follow the rules of the property they set', () => {
    assert.deepEqual(findings('@temperature(value="hot")\nagent A { prompt: "p" }'), [
      "1:20 E002 Type mismatch: 'temperature' expects a number from 0 to 2, found a string",
    ]);
  });

  test('a decorator and a property setting the same thing conflict', () => {
    const finding = onlyFinding('@timeout(seconds=30)\nagent A {\n    prompt: "p",\n    timeout: 60\n}');
    assert.equal(finding.code, 'E005');
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [4, 5]);
    assert.equal(finding.hint, "'timeout' is already set by @timeout at main.nx:1:2");
  });

  test('flows take no decorators; functions take @tool with a description and the documented options', () => {
    const source = [
      '@cached',
      'flow main { print("x") }',
      '@tool("Reads a file")',
      'fn read(path: str) -> str { return path }',
      '@tool',
      'fn write(path: str) -> str { return path }',
      '@tool("Deletes", risk_level: "high", requires_approval: true, category: "files", sandbox: false)',
      'fn remove(path: str) -> str { return path }',
      '@tool("Wipes", risk_level: "extreme", requires_approval: "yes", sandbox: true, risk: "low")',
      'fn wipe(path: str) -> str { return path }',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "1:2 E001 Undeclared identifier: unknown decorator '@cached'",
      '5:1 E002 Type mismatch: \'@tool\' needs a description string: write @tool("what the tool does")',
      "9:28 E002 Type mismatch: '@tool' risk_level is one of low, medium, high, critical, not 'extreme'",
      "9:58 E002 Type mismatch: '@tool' requires_approval is true or false",
      "9:74 E006 Not supported by this runtime: '@tool' sandbox: true (Loom has no sandbox to run a tool in)",
      "9:80 E002 Type mismatch: '@tool' has no option 'risk' (it takes a description, risk_level, requires_approval, category, sandbox)",
    ]);
  });
});

suite("the 'experience' property", () => {
  test('names a Markdown file beside the program, read when it is checked', () => {
    const source = 'agent A { prompt: "p", experience: "memory.md" }\nflow main { print(A.run("x")) }';
    assert.deepEqual(findings(source, { 'memory.md': '# notes' }), []);
    assert.deepEqual(findings(source), ["1:36 E001 Undeclared identifier: experience file 'memory.md' not found"]);
  });

  test('must be written as a string literal', () => {
    assert.deepEqual(findings('path = "memory.md"\nagent A { prompt: "p", experience: path }\nflow main { print(A.run("x")) }'), [
      "2:36 E002 Type mismatch: 'experience' expects the path of a Markdown file written as a string literal",
    ]);
  });
});
