/**
 * Generated code reaches the runtime only by the names of language/runtime-interface.ts, which
 * the runtime is checked to provide when it compiles: a name written outside the lists would
 * be a runtime function nobody checks, and a listed name never written is a stale entry.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkFile, checkSource } from '../../src/compile.js';
import type { CheckResult } from '../../src/compile.js';
import { RUNTIME_SPECIFIER } from '../../src/cli/generate.js';
import { generateModule } from '../../src/emit/codegen.js';
import { HARNESS_MEMBERS, PROGRAM_MEMBERS, RUNTIME_EXPORTS, TYPE_CHECKER_MEMBERS, TYPE_REGISTRY_MEMBERS } from '../../src/language/runtime-interface.js';

const CORPUS = new URL('../corpus/', import.meta.url).pathname;

/** Constructs the corpus does not reach: agent operators, contracts, tools, jobs, tasks, actors, servers. */
const CONSTRUCTS = `use config staging;
type Email = str
agent Writer { prompt: "Write.", model: "openai/gpt-4o" }
agent Critic { prompt: "Critique.", model: "openai/gpt-4o" }
agent Keeper uses std.kv, lookup { prompt: "Keep.", model: "openai/gpt-4o" }
kv store = open(":memory:")

@tool("Looks a word up", risk_level: "medium", requires_approval: true)
fn lookup(word: str) -> str { return word }

job Mail on "emails" {
    perform(to) { print(to) }
}

flow grow(items) ensures len(items) > len(old(items)) ensures "the list grew" {
    items.append(1)
    return items
}

flow health() { return "ok" }

server 8080 {
    route GET "/health" => health
}

flow main {
    items = [1, 2, 3]
    items[0] = 5
    print(items[1:2], lookup("w"), std, items is list[int], items is Err)
    config = {"a": {"b": 1}}
    print(config.get("a") ?? 0)
    team = [Writer, Critic]
    print("draft" >> Writer >> Critic)
    print("note" || [Writer], ["a", "b"] &>> Critic)
    semantic_if "it sounds upbeat" against "yay" { print(1) }
    routed = match "weather?" {
        intent("asks about the weather") => 1,
        _ => 2
    }
    print("vote" && [Writer, Critic], "topic" |>> team)
    print("draft" ?? Writer : Critic)
    assert "it is a draft" against "draft"
    spawn Mail("a@example.com")
    task = spawn grow([1])
    print(await task, 5)
    on_error(e: ModelError) { print(e) }
    autoloop max_steps: 2, exit_when: "done" {
        try_agent { draft = Writer.run("step") } catch_correction(e: ToolError) { reflect "retry: #{e}" }
        verify draft satisfies str
        verify "it is a draft" against draft
        verify draft contains "d"
    }
    snap = snapshot()
    restore(snap)
    with_context max_tokens: 500, strategy: sliding_window { print(Writer.run("w")) }
    context_policy { max_tokens: 800 }
    unharnessed { print(Writer.run("raw")) }
    print(fork [Writer.run("a"), Critic.run("b")] merge best_of)
    fork { a = Writer.run("a") } and { b = Critic.run("b") }
    actor = spawn Writer("draft")
    pass actor, "shorter"
    print(await actor)
}
`;

function compiles(checked: CheckResult): boolean {
  return !checked.diagnostics.some((finding) => finding.severity === 'error');
}

function generatedCode(checked: CheckResult): string {
  assert.ok(compiles(checked), `${checked.file} compiles: ${checked.diagnostics.map((finding) => finding.message).join('; ')}`);
  return generateModule(checked, { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'program.mjs' }).code;
}

/** Every `$rt.name`, `$p.name` and `$p.registry.name` / `$p.types.name` / `$p.harness.name` the code reads. */
function runtimeNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const [written, nested] of code.matchAll(/(\$p\.(?:registry|types|harness))\.\w+|\$rt\.\w+|\$p\.\w+/g)) {
    names.add(written);
    if (nested !== undefined) names.add(nested);
  }
  return names;
}

const LISTED = new Set([
  ...RUNTIME_EXPORTS.map((name) => `$rt.${name}`),
  ...PROGRAM_MEMBERS.map((name) => `$p.${name}`),
  ...TYPE_REGISTRY_MEMBERS.map((name) => `$p.registry.${name}`),
  ...TYPE_CHECKER_MEMBERS.map((name) => `$p.types.${name}`),
  ...HARNESS_MEMBERS.map((name) => `$p.harness.${name}`),
]);

test('generated code names only listed runtime exports and program members, and writes every one of them', () => {
  const programs = readdirSync(CORPUS).filter((name) => name.endsWith('.nx')).map((name) => checkFile(join(CORPUS, name)));
  const written = new Set<string>();
  for (const checked of [...programs.filter(compiles), checkSource(CONSTRUCTS, 'constructs.nx')]) {
    for (const name of runtimeNames(generatedCode(checked))) written.add(name);
  }
  assert.deepEqual([...written].filter((name) => !LISTED.has(name)), [], 'written but not listed in language/runtime-interface.ts');
  assert.deepEqual([...LISTED].filter((name) => !written.has(name)), [], 'listed but never written by the code generator');
});
