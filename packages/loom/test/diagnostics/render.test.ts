import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderDiagnostic, renderDiagnostics } from '../../src/diagnostics/render.js';
import type { Diagnostic } from '../../src/diagnostic.js';
import type { Span } from '../../src/language/span.js';

const PLAIN = { colour: false };

/** A span from 1-based line/column pairs; the renderer does not read offsets. */
function span(startLine: number, startColumn: number, endLine: number, endColumn: number, file = 'flows/main.nx'): Span {
  return {
    file,
    start: { line: startLine, column: startColumn, offset: 0 },
    end: { line: endLine, column: endColumn, offset: 0 },
  };
}

function error(message: string, at: Span, hint?: string): Diagnostic {
  return { code: 'E001', severity: 'error', message, span: at, hint };
}

/**
 * The source text the carets of a rendered frame point at: for every caret row, the characters
 * of the source row printed just above it that stand over a caret.
 */
function underlined(rendered: string): string[] {
  const rows = rendered.split('\n');
  const marked: string[] = [];
  rows.forEach((row, index) => {
    const caretStart = row.indexOf('^');
    if (caretStart < 0 || !/^\s*\|/.test(row)) return;
    const caretEnd = row.lastIndexOf('^') + 1;
    marked.push((rows[index - 1] ?? '').padEnd(caretEnd).slice(caretStart, caretEnd));
  });
  return marked;
}

const PROGRAM = ['agent Reader {', '    role: "reads"', '}', '', 'flow main {', '    Writer.run(x)', '}', ''].join('\n');

describe('renderDiagnostic', () => {
  it('prints the code, message, location and a caret under the span', () => {
    const text = renderDiagnostic(error("Undeclared identifier 'Writer'", span(6, 5, 6, 11)), PROGRAM, PLAIN);
    assert.equal(
      text,
      [
        "Error E001: Undeclared identifier 'Writer'",
        ' --> flows/main.nx:6:5',
        '  |',
        '6 |     Writer.run(x)',
        '  |     ^^^^^^',
      ].join('\n'),
    );
  });

  it('widens the gutter for two-digit line numbers', () => {
    const source = `${'\n'.repeat(11)}    Writer.run(x)\n`;
    const text = renderDiagnostic(error("Undeclared identifier 'Writer'", span(12, 5, 12, 11)), source, PLAIN);
    assert.deepEqual(text.split('\n').slice(1), [
      '  --> flows/main.nx:12:5',
      '   |',
      '12 |     Writer.run(x)',
      '   |     ^^^^^^',
    ]);
  });

  it('adds the hint as a help line and says Warning for warnings', () => {
    const warning: Diagnostic = {
      code: 'E302',
      severity: 'warning',
      message: 'Flow parameter x has no type annotation',
      span: span(5, 6, 5, 10),
      hint: 'annotate it, e.g. `x: string`',
    };
    const rows = renderDiagnostic(warning, PROGRAM, PLAIN).split('\n');
    assert.equal(rows[0], 'Warning E302: Flow parameter x has no type annotation');
    assert.equal(rows.at(-1), '  = help: annotate it, e.g. `x: string`');
  });

  it('keeps carets under the span when the line is indented with tabs', () => {
    const source = 'flow main {\n\t\tlet total =\tWriter.run(x)\n}\n';
    const text = renderDiagnostic(error('tabs', span(2, 15, 2, 21)), source, PLAIN);
    assert.deepEqual(underlined(text), ['Writer']);
    assert.ok(!text.includes('\t'), 'tabs are expanded to spaces');
  });

  it('ignores the carriage returns of CRLF line endings', () => {
    const source = PROGRAM.replaceAll('\n', '\r\n');
    const text = renderDiagnostic(error('crlf', span(6, 5, 6, 11)), source, PLAIN);
    assert.ok(!text.includes('\r'));
    assert.deepEqual(underlined(text), ['Writer']);
  });

  it('counts lines as the lexer does: a lone carriage return ends a line too', () => {
    const source = 'agent A {\r    role: "a"\r}\rflow main { Writer.run(1) }\r';
    const text = renderDiagnostic(error("Undeclared identifier 'Writer'", span(4, 13, 4, 19)), source, PLAIN);
    assert.deepEqual(text.split('\n').slice(2), ['  |', '4 | flow main { Writer.run(1) }', '  |             ^^^^^^']);
  });

  it('marks a place past the last character for a span at the end of the file', () => {
    const source = 'flow main {\n    print("unfinished")';
    const text = renderDiagnostic(error("expected '}'", span(2, 24, 2, 24)), source, PLAIN);
    const rows = text.split('\n');
    assert.equal(rows.at(-2), '2 |     print("unfinished")');
    assert.equal(rows.at(-1), `  | ${' '.repeat(23)}^`);
  });

  it('marks the empty last line when the file ends with a newline', () => {
    const text = renderDiagnostic(error("expected '}'", span(3, 1, 3, 1)), 'flow main {\n    print(1)\n', PLAIN);
    assert.deepEqual(text.split('\n').slice(-2), ['3 |', '  | ^']);
  });

  it('cuts long lines to a window that still shows the span', () => {
    const source = `let x = "${'a'.repeat(300)}" + Writer + "${'b'.repeat(300)}"`;
    const column = source.indexOf('Writer') + 1;
    const text = renderDiagnostic(error('long', span(1, column, 1, column + 6)), source, PLAIN);
    const sourceRow = text.split('\n')[3] ?? '';
    assert.ok(sourceRow.length < 140, `row is ${sourceRow.length} characters`);
    assert.match(sourceRow, /^1 \| \.\.\.a+" \+ Writer \+ "b+\.\.\.$/);
    assert.deepEqual(underlined(text), ['Writer']);
  });

  it('underlines every line of a multi-line span, skipping indentation', () => {
    const source = 'flow main {\n    let r = Writer.run(\n        x,\n    )\n}\n';
    const text = renderDiagnostic(error('multi', span(2, 13, 4, 6)), source, PLAIN);
    assert.deepEqual(underlined(text), ['Writer.run(', 'x,', ')']);
  });

  it('stops a span that ends at the start of a line on the line before', () => {
    const source = 'agent A {\n    model: "gpt"\n}\nflow main {}\n';
    const text = renderDiagnostic(error('agent', span(1, 1, 4, 1)), source, PLAIN);
    assert.ok(!text.includes('flow main'));
    assert.deepEqual(underlined(text), ['agent A {', 'model: "gpt"', '}']);
  });

  it('elides the middle of a span over many lines', () => {
    const body = Array.from({ length: 10 }, (_, index) => `    print(${index})`);
    const source = ['flow main {', ...body, '}'].join('\n');
    const rows = renderDiagnostic(error('long flow', span(1, 1, 12, 2)), source, PLAIN).split('\n');
    assert.ok(rows.includes('...'));
    assert.ok(rows.some((row) => row.startsWith(' 1 | flow main {')));
    assert.ok(rows.some((row) => row.startsWith('12 | }')));
    assert.ok(!rows.some((row) => row.includes('print(5)')));
  });

  it('aligns carets after double-width characters', () => {
    const source = 'let greeting = "你好" + Writer';
    const column = source.indexOf('Writer') + 1;
    const rows = renderDiagnostic(error('wide', span(1, column, 1, column + 6)), source, PLAIN).split('\n');
    const caretOffset = (rows.at(-1) ?? '').indexOf('^') - '  | '.length;
    // 你 and 好 take two screen columns each but one code unit.
    assert.equal(caretOffset, column - 1 + 2);
  });

  it('prints only the location when the source is not available', () => {
    const text = renderDiagnostic(error("Undeclared identifier 'Writer'", span(6, 5, 6, 11)), undefined, PLAIN);
    assert.equal(text, "Error E001: Undeclared identifier 'Writer'\n --> flows/main.nx:6:5");
  });

  it('colours the report only when asked to', () => {
    const diagnostic = error("Undeclared identifier 'Writer'", span(6, 5, 6, 11), 'declare it');
    const plain = renderDiagnostic(diagnostic, PROGRAM, PLAIN);
    const coloured = renderDiagnostic(diagnostic, PROGRAM, { colour: true });
    assert.ok(!plain.includes('\u001b['));
    assert.ok(coloured.includes('\u001b[1;31mError E001\u001b[0m'));
    // eslint-disable-next-line no-control-regex -- stripping the escape codes under test
    assert.equal(coloured.replace(/\u001b\[[0-9;]*m/g, ''), plain);
  });
});

describe('renderDiagnostics', () => {
  it('reads each file once however many diagnostics point into it, so the work grows with the output', () => {
    const lineCount = 2_000;
    const source = Array.from({ length: lineCount }, (_, index) => `flow f${index} { Missing.run(${index}) }`).join('\n');
    const diagnostics = ['a.nx', 'b.nx'].flatMap((file) =>
      Array.from({ length: lineCount }, (_, index) => error("Undeclared identifier 'Missing'", span(index + 1, 10 + String(index).length, index + 1, 17 + String(index).length, file))),
    );
    const reads = new Map<string, number>();
    const text = renderDiagnostics(
      diagnostics,
      (file) => {
        reads.set(file, (reads.get(file) ?? 0) + 1);
        return source;
      },
      PLAIN,
    );
    // Each file's text is indexed where it is read; a frame then takes only its own lines.
    assert.deepEqual([...reads], [['a.nx', 1], ['b.nx', 1]]);
    assert.equal(underlined(text).length, 2 * lineCount);
    assert.ok(underlined(text).every((marked) => marked === 'Missing'));
  });

  it('renders each diagnostic with the source of its own file, one blank line apart', () => {
    const sources = new Map([
      ['a.nx', 'flow a { Foo.run(1) }'],
      ['b.nx', 'flow b { Bar.run(2) }'],
    ]);
    const text = renderDiagnostics(
      [error("Undeclared identifier 'Foo'", span(1, 10, 1, 13, 'a.nx')), error("Undeclared identifier 'Bar'", span(1, 10, 1, 13, 'b.nx'))],
      (file) => sources.get(file),
      PLAIN,
    );
    const [first, second] = text.split('\n\n');
    assert.deepEqual(underlined(first ?? ''), ['Foo']);
    assert.deepEqual(underlined(second ?? ''), ['Bar']);
  });
});
