/**
 * A `@tool fn` is an ordinary function to the flows of its program, and a tool to the agents
 * that `use` it. Either way its failure is a tool failure, E102 (reference.md, Errors).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runSource, SOURCE_FILE } from '../run-source.js';

const TOOL = `@tool("Look a word up")
fn lookup(word: string) {
    if word == "" {
        raise Error("no word given")
    }
    return "definition of #{word}"
}
`;

describe('a @tool fn called from a flow', () => {
  it('returns its value, also through a variable', async () => {
    const run = await runSource(`${TOOL}flow main {\n    print(lookup("loom"))\n    f = lookup\n    print(f("weave"))\n}\n`);
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, 'definition of loom\ndefinition of weave\n');
  });

  it('raises a catchable E102 when it fails', async () => {
    const run = await runSource(`${TOOL}flow main {\n    try {\n        lookup("")\n    } catch (e) {\n        print(e.code)\n        print(e.message)\n    }\n}\n`);
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, "E102\ntool 'lookup' failed: no word given\n");
  });

  it('reports an uncaught failure as E102 at the call', async () => {
    const run = await runSource(`${TOOL}flow main {\n    lookup("")\n}\n`);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /tool 'lookup' failed: no word given/);
    assert.match(run.stderr, new RegExp(`--> ${SOURCE_FILE}:(4|9):\\d+`));
    assert.match(run.stderr, /= code E102/);
  });
});
