/**
 * `loom validate` and `loom run` agree on the standard library: a std function Loom does not
 * have is refused by validate (E001 naming it), never first by run (E105); one it knows but
 * does not run is refused by both before anything runs; the engine-named and value spellings
 * validate and run.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runInProcess } from './run-in-process.js';

let root: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'loom-validate-std-'));
});

after(() => {
  rmSync(root, { recursive: true, force: true });
});

function program(name: string, source: string): string {
  const file = join(root, name);
  writeFileSync(file, source);
  return file;
}

test('a std function the library lacks is refused by validate and by run before anything runs', async () => {
  const file = program('lacks.nx', 'flow main {\n    print("started")\n    print(std.json.json_fetch({"a": 1}, "a"))\n}\n');
  const validated = await runInProcess(['validate', file]);
  assert.equal(validated.status, 2);
  assert.match(validated.stderr, /^Error E001: Undeclared identifier 'std\.json\.json_fetch': std\.json has no function 'json_fetch'\n --> .*lacks\.nx:3:20\n/);
  const run = await runInProcess(['run', file]);
  assert.equal(run.stdout, '', 'nothing runs');
  assert.match(run.stderr, /Error E001: Undeclared identifier 'std\.json\.json_fetch'/);
});

test('a std function Loom cannot run where it is called is refused by validate, not first by run', async () => {
  // A session function outside a server route: there is no request for it to read.
  const file = program('session.nx', 'flow main {\n    print(std.auth.get_user(request: null))\n}\n');
  const validated = await runInProcess(['validate', file]);
  assert.equal(validated.status, 2);
  assert.match(validated.stderr, /E006: Not supported by this runtime: std\.auth\.get_user/);
  assert.doesNotMatch(validated.stderr, /E105/);
});

test('engine-named db functions and std values validate and run', async () => {
  const file = program(
    'known.nx',
    'flow main {\n    db = std.db.sqlite.connect("sqlite://:memory:")\n    print(std.db.sqlite.query_one(db, "SELECT 2 AS n", [])["n"])\n    print(std.math.floor(std.math.pi()))\n    print(std.json.get({"a": {"b": 5}}, "a.b"))\n}\n',
  );
  const validated = await runInProcess(['validate', file]);
  assert.equal(validated.status, 0, validated.stderr);
  const run = await runInProcess(['run', file]);
  assert.deepEqual(run, { status: 0, stdout: '2\n3\n5\n', stderr: '' });
});
