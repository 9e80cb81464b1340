import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe as suite, test } from 'node:test';
import { check } from '../../src/check/checker.js';
import { parse } from '../../src/syntax/parser.js';
import { describe, findings, onlyFinding } from './helpers.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/check/includes/app.nx', import.meta.url));

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

suite('include', () => {
  test('declarations of included files, nested and relative to each includer, are visible', () => {
    const { program } = parse(readFileSync(FIXTURE, 'utf8'), FIXTURE);
    const read: string[] = [];
    const diagnostics = check(program, { readFile: (path) => (read.push(path), readIfPresent(path)) });
    assert.deepEqual(diagnostics.map(describe), []);
    assert.deepEqual(read.map((path) => path.slice(path.indexOf('includes/'))), [
      'includes/lib/agents.nxlib',
      'includes/lib/protocols.nxlib',
    ]);
  });

  test('an absolute include path is taken as written', () => {
    const read: string[] = [];
    const { program } = parse('include "/opt/loom/shared.nxlib";\nflow main { Shared.run("x") }', 'app/main.nx');
    const diagnostics = check(program, {
      readFile: (path) => (read.push(path), path === '/opt/loom/shared.nxlib' ? 'agent Shared { prompt: "s" }' : undefined),
    });
    assert.deepEqual(diagnostics.map(describe), []);
    assert.deepEqual(read, ['/opt/loom/shared.nxlib']);
  });

  test('a secrets file (.nxs) is configuration for the runtime, not source to check', () => {
    assert.deepEqual(findings('include "secrets.nxs";\nflow main { print(secret("KEY")) }'), []);
  });

  test('a missing file is E001 at the path, with where it was looked for', () => {
    const finding = onlyFinding('include "tools/missing.nxlib";\nflow main { print(1) }');
    assert.equal(finding.message, "Undeclared identifier: included file 'tools/missing.nxlib' not found");
    assert.deepEqual([finding.span.start.line, finding.span.start.column, finding.span.end.column], [1, 9, 30]);
    assert.equal(finding.hint, "include paths are relative to the including file, then tried in a stdlib/ folder of an enclosing directory; looked for 'tools/missing.nxlib'");
  });

  test('a cycle a → b → a is reported once, at the include closing it, naming the cycle', () => {
    const files = {
      'lib/a.nxlib': 'include "b.nxlib";\nagent A { prompt: "a" }',
      'lib/b.nxlib': 'include "a.nxlib";\nagent B { prompt: "b" }',
    };
    assert.deepEqual(findings('include "lib/a.nxlib";\nflow main { A.run("x"); B.run("y") }', files), [
      'lib/b.nxlib:1:9 E005 Duplicate declaration: include cycle lib/a.nxlib → lib/b.nxlib → lib/a.nxlib',
    ]);
  });

  test('a file including itself is reported', () => {
    const finding = onlyFinding('include "main.nx";\nflow main { print(1) }');
    assert.equal(finding.code, 'E005');
    assert.equal(finding.message, "Duplicate declaration: file 'main.nx' includes itself");
  });

  test('a file included twice (directly and through another) is read once: no duplicates', () => {
    const files = {
      'common.nxlib': 'agent Shared { prompt: "s" }',
      'extra.nxlib': 'include "common.nxlib";\nagent Extra { prompt: "e" }',
    };
    assert.deepEqual(findings('include "common.nxlib";\ninclude "extra.nxlib";\nflow main { Shared.run(Extra.run("x")) }', files), []);
  });

  test('included agents count as declared at the include: an include below the flow is too late', () => {
    const finding = onlyFinding('flow main { Helper.run("x") }\ninclude "helpers.nxlib";', {
      'helpers.nxlib': 'agent Helper { prompt: "h" }',
    });
    assert.equal(finding.code, 'E001');
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [1, 13]);
    assert.match(finding.hint ?? '', /from helpers\.nxlib, so move its include/);
  });

  test('errors inside an included file are reported in that file', () => {
    assert.deepEqual(findings('include "lib.nxlib";\nflow main { print(1) }', {
      'lib.nxlib': 'agent Quiet {\n    model: "gpt-4"\n}',
    }), [
      "lib.nxlib:1:7 E003 Missing required property: agent 'Quiet' declares neither 'role' nor 'prompt'",
      "lib.nxlib:2:12 E002 Type mismatch: model 'gpt-4' has no provider prefix",
    ]);
  });

  test('syntax errors of an included file are part of the result', () => {
    const [finding] = findings('include "lib.nxlib";\nflow main { print(1) }', { 'lib.nxlib': 'flow broken {' });
    assert.match(finding ?? '', /^lib\.nxlib:1:\d+ E004 /);
  });

  test('a declaration repeated across an includer and its library is a duplicate', () => {
    const finding = onlyFinding('include "lib.nxlib";\nagent Bot { prompt: "mine" }', { 'lib.nxlib': 'agent Bot { prompt: "theirs" }' });
    assert.equal(finding.code, 'E005');
    assert.equal(finding.hint, "'Bot' is already declared as an agent at lib.nxlib:1:7");
  });
});
