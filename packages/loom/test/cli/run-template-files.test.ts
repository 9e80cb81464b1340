/**
 * std.template's file and agent functions, written from the Nexa docs' "Template Operations"
 * and "Agent Template Operations" examples (part5_enterprise): `template(path:)` renders a
 * file, `compile(path:)` gives a handle `render_compiled` renders (again from the file once it
 * changed), `agent_prompt` renders with the agent's name, role and tools under the context,
 * `agent_register` keeps a template for an agent that `agent_slot_fill` fills.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runInProcess } from './run-in-process.js';

let project: string;

before(() => {
  project = mkdtempSync(join(tmpdir(), 'loom-template-files-'));
  writeFileSync(join(project, 'report_template.nxt'), 'Report for {{user | upper}} on {{date}}\n');
  writeFileSync(join(project, 'email_template.nxt'), 'Dear {{user}},{{#for item in items}} {{@index1}}.{{item}}{{/for}}');
  writeFileSync(join(project, 'broken.nxt'), '{{#if ready}}never closed');
});

after(() => rmSync(project, { recursive: true, force: true }));

async function run(name: string, source: string): Promise<{ status: number; stdout: string; stderr: string }> {
  const file = join(project, name);
  writeFileSync(file, source);
  return runInProcess(['run', file]);
}

test('the docs example: a file rendered, compiled and rendered again, an agent prompt, a registered template filled', async () => {
  const result = await run('docs.nx', `agent Analyzer { role: "Data analyst", prompt: "Analyze data", model: "openai/gpt-4o" }

flow main {
    print(std.template.template(path: "report_template.nxt", data: {"user": "ada", "date": "2024-01-01"}))
    // Without the extension, as the Nexa runtime looks a template up.
    print(std.template.template(path: "report_template", data: {"user": "eve", "date": "2024-02-02"}))
    compiled = std.template.compile(path: "email_template.nxt")
    print(std.template.render_compiled(compiled: compiled, data: {"user": "Bob", "items": ["tea", "cake"]}))
    print(std.template.agent_prompt(agent: Analyzer, template: "{{agent_name}} ({{agent_desc}}) analyzes: {{input}}", context: {"input": "sales"}))
    print(std.template.agent_register(agent: Analyzer, template: "A {{depth}} report on {{topic}} by {{agent_name}}"))
    print(std.template.agent_slot_fill(agent: Analyzer, slots: {"topic": "AI trends", "depth": "detailed"}))
    // An explicit template wins over the registered one; the slots win over the agent's attributes.
    print(std.template.agent_slot_fill(agent: Analyzer, slots: {"agent_name": "Analyst"}, template: "{{agent_name}}"))
}
`);
  assert.equal(result.stderr, '');
  assert.equal(result.status, 0);
  assert.deepEqual(result.stdout.split('\n'), [
    'Report for ADA on 2024-01-01',
    '',
    'Report for EVE on 2024-02-02',
    '',
    'Dear Bob, 1.tea 2.cake',
    'Analyzer (Data analyst) analyzes: sales',
    '{"name": "Analyzer", "agent_name": "Analyzer", "status": "registered"}',
    'A detailed report on AI trends by Analyzer',
    'Analyst',
    '',
  ]);
});

test('render_compiled reads the file again once it changed, not before', async () => {
  const file = join(project, 'greeting.nxt');
  writeFileSync(file, 'Hello {{name}}');
  const compiled = await run('reload.nx', `flow main {
    compiled = std.template.compile(path: "greeting.nxt")
    print(std.template.render_compiled(compiled, {"name": "Ada"}))
    std.fs.write("greeting.nxt", "Goodbye {{name}}")
    print(std.template.render_compiled(compiled, {"name": "Ada"}))
}
`);
  assert.equal(compiled.stderr, '');
  assert.deepEqual(compiled.stdout.split('\n'), ['Hello Ada', 'Goodbye Ada', '']);
});

test('a missing file, a malformed template, a foreign handle and a slot fill with no template are errors naming the cause', async () => {
  const missing = await run('missing.nx', 'flow main { print(std.template.template(path: "nowhere")) }\n');
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /template file not found: 'nowhere' \(also tried \.nxt, \.html, \.tpl, \.txt\)/);
  assert.match(missing.stderr, /E105/);

  const broken = await run('broken.nx', 'flow main { print(std.template.compile(path: "broken.nxt")) }\n');
  assert.equal(broken.status, 1);
  assert.match(broken.stderr, /E801/);

  const foreign = await run('foreign.nx', 'flow main { print(std.template.render_compiled({"template_id": 7, "path": "x"}, {})) }\n');
  assert.equal(foreign.status, 1);
  assert.match(foreign.stderr, /render_compiled needs a handle that std\.template\.compile gave/);

  const unfilled = await run('unfilled.nx', 'agent A { prompt: "p", model: "openai/gpt-4o" }\nflow main { print(std.template.agent_slot_fill(agent: A, slots: {})) }\n');
  assert.equal(unfilled.status, 1);
  assert.match(unfilled.stderr, /no template given and none registered for agent A/);

  const notAgent = await run('not-agent.nx', 'flow main { print(std.template.agent_prompt(agent: "A", template: "x")) }\n');
  assert.equal(notAgent.status, 1);
  assert.match(notAgent.stderr, /agent_prompt needs an agent/);
});
