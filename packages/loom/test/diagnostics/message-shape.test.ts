import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFile } from '../../src/compile.js';
import type { Finding } from '../../src/compile.js';
import { diagnostic, lintWarning } from '../../src/diagnostic.js';
import { renderDiagnostics } from '../../src/diagnostics/render.js';
import { ERROR_CODES, ERROR_REGISTRY } from '../../src/errors.js';
import type { ErrorCode } from '../../src/errors.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
/** The public Nexa examples, when they have been extracted (CI and the bench machine have them). */
const NEXA_EXAMPLES = '/tmp/nexa/examples';

function sourceFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFilesUnder(path);
    return name.endsWith('.nx') ? [path] : [];
  });
}

const COMPILE_TIME_CODES = ERROR_CODES.filter((code) => ERROR_REGISTRY[code].family === 'CompileError');

function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every finding of the fixtures of invalid programs and of the Nexa examples, with its rendering. */
function corpusFindings(): { finding: Finding; rendered: string }[] {
  const files = [
    ...sourceFilesUnder(join(FIXTURES, 'check/invalid')),
    ...sourceFilesUnder(join(FIXTURES, 'diagnostics')),
    ...sourceFilesUnder(NEXA_EXAMPLES),
  ];
  return files.flatMap((file) => {
    // Strict, so that the harness validator's findings are errors (E007) and counted too.
    const result = checkFile(file, { harness: 'strict' });
    return result.diagnostics.map((finding) => ({
      finding,
      rendered: renderDiagnostics([finding], (path) => result.sources.get(path), { colour: false }),
    }));
  });
}

describe('compile-time messages', () => {
  const findings = corpusFindings().filter(({ finding }) => isErrorCode(finding.code));

  it('cover every compile-time code', () => {
    const seen = new Set(findings.map(({ finding }) => finding.code));
    assert.deepEqual(COMPILE_TIME_CODES.filter((code) => !seen.has(code)), []);
  });

  it('start with the title of their code in the registry, then say more', () => {
    const misshapen = findings.flatMap(({ finding, rendered }) => {
      const { title } = ERROR_REGISTRY[finding.code as ErrorCode];
      const headline = rendered.split('\n')[0] ?? '';
      const shape = new RegExp(`^Error ${finding.code}: ${escapeRegExp(title)}:? \\S`);
      return shape.test(headline) && headline === `Error ${finding.code}: ${finding.message}` ? [] : [headline];
    });
    assert.deepEqual(misshapen, []);
  });

  it('read as the issue asks for the codes that used to lack their title', () => {
    const headlines = findings.map(({ rendered }) => rendered.split('\n')[0] ?? '');
    const expected = [
      "Error E003: Missing required property: agent 'Silent' declares neither 'role' nor 'prompt'",
      "Error E004: Syntax error: expected an agent name after 'agent', found '{'",
      "Error E004: Syntax error: 'break' is only allowed inside a loop",
      /^Error E005: Duplicate declaration: include cycle \S+first\.nxlib → \S+second\.nxlib → \S+first\.nxlib$/,
      /^Error E005: Duplicate declaration: file '\S+include-cycle\.nx' includes itself$/,
      "Error E001: Undeclared identifier: included file 'cycle/missing.nxlib' not found",
      "Error E001: Undeclared identifier: unknown decorator '@budget'",
      "Error E006: Not supported by this runtime: python! blocks",
    ];
    for (const headline of expected) {
      const found = headlines.some((line) => (typeof headline === 'string' ? line === headline : headline.test(line)));
      assert.ok(found, `no finding reads ${String(headline)}`);
    }
  });
});

describe('diagnostic', () => {
  const span = { file: 'main.nx', start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 2, offset: 1 } };

  it('composes the title, the subject and the detail by one rule', () => {
    assert.equal(diagnostic('E001', span, undefined, { subject: "'Writer'" }).message, "Undeclared identifier 'Writer'");
    assert.equal(
      diagnostic('E001', span, "the standard library has no namespace 'x'", { subject: "'std.x'" }).message,
      "Undeclared identifier 'std.x': the standard library has no namespace 'x'",
    );
    assert.equal(diagnostic('E004', span, "expected '}'").message, "Syntax error: expected '}'");
    assert.equal(diagnostic('E005', span, undefined, { subject: "of parameter 'x'" }).message, "Duplicate declaration of parameter 'x'");
  });

  it('takes the severity from the kind of code and keeps a hint only when there is one', () => {
    assert.deepEqual(diagnostic('E002', span, "'x' is a flow"), { code: 'E002', severity: 'error', message: "Type mismatch: 'x' is a flow", span });
    assert.equal(diagnostic('E002', span, "'x' is a flow", { hint: 'call it' }).hint, 'call it');
    assert.deepEqual(lintWarning('W004', span, "Variable 'x' is never read"), { code: 'W004', severity: 'warning', message: "Variable 'x' is never read", span });
  });
});
