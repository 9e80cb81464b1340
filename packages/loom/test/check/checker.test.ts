import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe as suite, test } from 'node:test';
import { check } from '../../src/check/checker.js';
import type { Diagnostic } from '../../src/diagnostic.js';
import { parse } from '../../src/syntax/parser.js';

function checkFixture(relativePath: string): Diagnostic[] {
  const file = fileURLToPath(new URL(`../fixtures/check/${relativePath}`, import.meta.url));
  const { program, diagnostics } = parse(readFileSync(file, 'utf8'), file);
  assert.deepEqual(diagnostics, [], 'fixture must parse cleanly');
  return check(program, { readFile: () => undefined });
}

const positionAndCode = (d: Diagnostic): string => `${d.span.start.line}:${d.span.start.column} ${d.code}`;

suite('check', () => {
  test('a program using most of the language has no findings', () => {
    assert.deepEqual(checkFixture('valid/showcase.nx').map(positionAndCode), []);
  });

  test('each mistake is reported exactly once, in source order, with no follow-on errors', () => {
    assert.deepEqual(checkFixture('invalid/mistakes.nx').map(positionAndCode), [
      '3:12 E002', // unknown protocol field type
      '6:7 E003', // agent without role or prompt
      '12:12 E002', // model without provider
      '16:24 E001', // undeclared variable
      '17:14 E001', // agent used before its declaration (reported once for two uses)
      '24:7 E005', // duplicate agent
    ]);
  });

  test('every finding is an error with a message and a span in the checked file', () => {
    for (const diagnostic of checkFixture('invalid/mistakes.nx')) {
      assert.equal(diagnostic.severity, 'error');
      assert.ok(diagnostic.message.length > 0);
      assert.match(diagnostic.span.file, /mistakes\.nx$/);
      assert.ok(diagnostic.span.end.offset > diagnostic.span.start.offset);
    }
  });
});
