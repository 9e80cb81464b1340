/**
 * The file and agent functions of `std.template`, as the Nexa enterprise chapter calls them with
 * named arguments: a template file rendered at once or compiled and rendered later (read again
 * once it changed), and an agent's name, role and tools filled into a prompt template.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { harnessFixture } from '../harness/project.js';

const { project } = await harnessFixture();

test('template(path:) renders a file, finding its extension as Nexa does; a missing one is E105', async () => {
  writeFileSync(join(project.root, 'greeting.txt'), 'Hello {{name | upper}}!');
  const run = await project.run(`flow main {
    print(std.template.template(path: "greeting.txt", data: {"name": "Ada"}))
    print(std.template.template(path: "greeting", data: {"name": "Grace"}))
    print(std.template.template(path: "nowhere", data: {}))
}
`);
  assert.equal(run.stdout, 'Hello ADA!\nHello GRACE!\n');
  assert.match(run.stderr, /std\.template: template file 'nowhere' not found \(also tried \.html, \.tpl, \.nx, \.txt\)[\s\S]*E105/);
  assert.equal(run.status, 1);
});

test('compile(path:) checks the template once; render_compiled reads the file again after it changed', async () => {
  const mail = join(project.root, 'mail.tpl');
  writeFileSync(mail, 'Dear {{user}}, see you on {{date}}.');
  const run = await project.run(`flow main {
    compiled = std.template.compile(path: "mail.tpl")
    print(compiled)
    print(std.template.render_compiled(compiled: compiled, data: {"user": "Bob", "date": "2024-01-01"}))
    std.fs.write("mail.tpl", "Hi {{user}}.")
    print(std.template.render_compiled(compiled: compiled, data: {"user": "Bob"}))
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'Template(mail.tpl)\nDear Bob, see you on 2024-01-01.\nHi Bob.\n');
  assert.equal(run.status, 0);

  writeFileSync(join(project.root, 'broken.tpl'), 'Dear {{user');
  const broken = await project.run('flow main {\n    std.template.compile(path: "broken.tpl")\n}\n');
  assert.match(broken.stderr, /= code E80[12]\n$/);
  assert.equal(broken.status, 1);
});

test('agent_prompt(agent:, template:) fills in the agent name, role and tools beside the context', async () => {
  const run = await project.run(`@tool("Looks a word up")
fn lookup(word: str) -> str { return word }

agent Analyzer uses lookup {
    role: "Data analyst",
    prompt: "Analyse what you are given",
    model: "openai/test-model"
}

flow main {
    prompt = std.template.agent_prompt(
        agent: Analyzer,
        template: "{{agent_name}}, {{agent_desc}} with {{agent_tools | join}}: analyze the following: {{input}}",
        context: {"input": "sales of May"}
    );
    print(prompt)
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'Analyzer, Data analyst with lookup: analyze the following: sales of May\n');
  assert.equal(run.status, 0);
});
