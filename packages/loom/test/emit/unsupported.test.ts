/**
 * What `loom run` cannot run yet is refused at compile time, where it stands: `validate`
 * never passes a program that `run` would stop at an uncoded "not supported yet".
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSource } from '../../src/compile.js';

function findings(source: string): string[] {
  return checkSource(source, 'u.nx').diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code} ${d.message}`);
}

test('jobs run; resource settings Loom cannot run are E006 at the declaration', () => {
  assert.deepEqual(findings('job Mail on "q" {\n    perform(u) { print(u) }\n}\nflow main { print(1) }\n'), []);
  assert.deepEqual(findings('auth site { type: "jwt", secret: secret("K") }\nflow main { print(1) }\n'), [
    "1:26 E006 Not supported by this runtime: the 'secret' setting of auth site (auth block values are literals)",
  ]);
  assert.deepEqual(findings('flow main { print(std.auth.get_user()) }\n'), [
    '1:19 E006 Not supported by this runtime: std.auth.get_user (sessions belong to the requests of a server route, and this program declares no server)',
  ]);
});

test('a call into a std namespace Loom does not run yet is E006 at the call, also in a flow never called', () => {
  assert.deepEqual(findings('flow unused {\n    x = std.pipe.run("k")\n}\nflow main { print(std.json.stringify([1])) }\n'), [
    '2:9 E006 Not supported by this runtime: std.pipe.run',
  ]);
});

test('an agent using an unsupported std namespace is E006 at its name', () => {
  assert.deepEqual(findings('agent Keeper uses std.db.memory { prompt: "keep", model: "openai/gpt-4o" }\nflow main { print(1) }\n'), [
    "1:7 E006 Not supported by this runtime: 'uses std.db.memory' in agent Keeper (agent tools are @tool functions, the std namespaces Loom runs and skill files, \"SKILLS.md\")",
  ]);
});

test('an agent using std.kv or std.db in a program that declares no such handle is E006 at its name', () => {
  assert.deepEqual(findings('agent Keeper uses std.kv { prompt: "keep", model: "openai/gpt-4o" }\nflow main { print(1) }\n'), [
    '1:7 E006 Not supported by this runtime: agent Keeper uses std.kv, whose tools work on the program\'s declared kv handles by name, and the program declares none: add kv NAME = open(":memory:")',
  ]);
  assert.deepEqual(findings('kv cache = open(":memory:")\nagent Keeper uses std.kv, std.auth { prompt: "keep", model: "openai/gpt-4o" }\nflow main { print(1) }\n'), []);
});

test('python! blocks are E006 where they are written', () => {
  assert.deepEqual(findings('flow main {\n    x = python! """print(1)"""\n}\n'), ['2:9 E006 Not supported by this runtime: python! blocks']);
});

test('a program Loom runs has no such finding', () => {
  assert.deepEqual(findings('flow main {\n    print(std.json.stringify({"a": 1}))\n}\n'), []);
});

test('a builtin the Nexa docs name but loom run does not provide yet is E006 at its use', () => {
  assert.deepEqual(findings('flow main {\n    let votes = join(["a", "b"])\n    print(votes)\n}\n'), [
    "2:17 E006 Not supported by this runtime: the builtin 'join'",
  ]);
});

test('concurrency is run: its builtins, std.concurrent, spawn of a flow and await have no finding', () => {
  const source = 'flow work(n) { return n }\nflow main {\n    let (tx, rx) = std.concurrent.channel()\n    let t = spawn work(1)\n    print(await t, parallel [fn() { 1 }], race([fn() { 2 }]), select([rx], 10))\n}\n';
  assert.deepEqual(findings(source), []);
});

test('spawn of a job enqueues it and spawn of an agent starts an actor: neither is a finding', () => {
  const job = 'job Mail on "q" {\n    perform(u) { print(u) }\n}\nflow main {\n    let id = spawn Mail("x")\n    print(id)\n}\n';
  assert.deepEqual(findings(job), []);
  const agent = 'agent W { prompt: "w", model: "openai/m" }\nflow main {\n    let w = spawn W("go")\n    pass w, "more"\n    print(await w)\n}\n';
  assert.deepEqual(findings(agent), []);
});
