import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from '../../src/syntax/lexer.js';
import type { Position } from '../../src/language/span.js';

const FILE = 'spans.nx';

/** Line and column of `offset` counted directly from the text (`\r\n`, `\n` and `\r` end lines). */
function countedPosition(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let pos = 0; pos < offset; pos++) {
    const char = text[pos];
    if (char === '\r' && text[pos + 1] === '\n') continue;
    if (char === '\n' || char === '\r') {
      line++;
      lineStart = pos + 1;
    }
  }
  return { line, column: offset - lineStart + 1, offset };
}

describe('spans', () => {
  const source = 'flow a {\r\n  x = 1\r  y = "two\\\nlines"\n\n  /* a\ncomment */ z = [x,\r\n y]\n}\n';

  it('work out the line and column of every token, whatever order they are read in', () => {
    const spans = tokenize(source, FILE).tokens.map((token) => token.span);
    // Backwards and then forwards, so no answer can come from the previous question alone.
    for (const span of [...spans].reverse().concat(spans)) {
      assert.deepEqual(span.start, countedPosition(source, span.start.offset));
      assert.deepEqual(span.end, countedPosition(source, span.end.offset));
    }
  });

  it('serialise as plain file, start and end', () => {
    const [flow] = tokenize(source, FILE).tokens;
    assert.deepEqual(JSON.parse(JSON.stringify(flow?.span)), {
      file: FILE, start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 5, offset: 4 },
    });
  });
});
