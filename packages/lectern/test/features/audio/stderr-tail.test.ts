import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StderrTail } from '../../../src/platform/stderr-tail.js';

function tailOf(...chunks: string[]): StderrTail {
  const tail = new StderrTail();
  for (const chunk of chunks) tail.append(chunk);
  return tail;
}

describe('the stderr tail a failed speech tool is explained from', () => {
  it('gives the last ERROR or FATAL line, even across chunk boundaries and with info lines after it', () => {
    const tail = tailOf(
      'INFO: cmd_ln.c(703): Parsing command line:\n',
      'ERROR: "feat.c", line 42: first problem\nINFO: still going\nFATAL: "bw.c", line 7: Unable to ',
      'open /tmp/x.mfc\nINFO: exiting\n',
    );
    assert.equal(tail.lastErrorLine(), 'FATAL: "bw.c", line 7: Unable to open /tmp/x.mfc');
    assert.equal(tail.lastLine(), 'INFO: exiting');
  });

  it('has no error line when none is marked, and no line at all when nothing was said', () => {
    assert.equal(tailOf('INFO: done\n\n').lastErrorLine(), undefined);
    assert.equal(tailOf('INFO: done\n\n').lastLine(), 'INFO: done');
    assert.equal(tailOf().lastErrorLine(), undefined);
    assert.equal(tailOf().lastLine(), undefined);
  });

  it('keeps only the tail of a long log and cuts a long line to fit a message', () => {
    const early = 'ERROR: early, long scrolled away\n';
    const tail = tailOf(early, 'INFO: x\n'.repeat(400), `ERROR: ${'p'.repeat(500)}\n`);
    assert.equal(tail.lastErrorLine(), `ERROR: ${'p'.repeat(293)}`);
    assert.equal(tailOf(early, 'INFO: x\n'.repeat(400)).lastErrorLine(), undefined, 'only the last 2000 characters are kept');
  });
});
