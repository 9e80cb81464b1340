import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { memory } from '../../../src/config.js';
import { ClassTranscripts } from '../../../src/features/assistant/class-transcripts.js';
import type { TranscriptLine } from '../../../src/answer-engine/types.js';

/** A database of two sessions, counting the rows each read returns. */
function database() {
  const rows: (TranscriptLine & { sessionId: string })[] = [];
  let rowsRead = 0;
  const add = (sessionId: string, text: string): TranscriptLine => {
    const row = { sessionId, id: rows.length + 1, text, createdAt: new Date(Date.UTC(2026, 10, 27, 10, 0, rows.length)).toISOString() };
    rows.push(row);
    return { id: row.id, text: row.text, createdAt: row.createdAt };
  };
  const read = (sessionId: string, throughId: number, afterId: number): TranscriptLine[] => {
    const found = rows.filter((row) => row.sessionId === sessionId && row.id > afterId && row.id <= throughId).map(({ id, text, createdAt }) => ({ id, text, createdAt }));
    rowsRead += found.length;
    return found;
  };
  return { add, read, rowsRead: () => rowsRead };
}

const texts = (lines: readonly TranscriptLine[]): string[] => lines.map((line) => line.text);

describe('ClassTranscripts', () => {
  it('reads a class once, then only the rows added since', () => {
    const db = database();
    for (let i = 0; i < 5; i++) db.add('a', `a${i}`);
    db.add('b', 'b0');
    const transcripts = new ClassTranscripts(db.read);
    assert.deepEqual(texts(transcripts.through('a', 6)), ['a0', 'a1', 'a2', 'a3', 'a4']);
    assert.equal(db.rowsRead(), 5);
    const late = db.add('a', 'a5');
    assert.deepEqual(texts(transcripts.through('a', late.id)), ['a0', 'a1', 'a2', 'a3', 'a4', 'a5']);
    assert.equal(db.rowsRead(), 6, 'only the new row was read');
  });

  it('takes in arriving entries, and gives a task only the lines through its own last entry', () => {
    const db = database();
    const first = db.add('a', 'a0');
    const transcripts = new ClassTranscripts(db.read);
    transcripts.through('a', first.id);
    const second = db.add('a', 'a1');
    transcripts.arrived('a', second);
    const third = db.add('a', 'a2');
    transcripts.arrived('a', third);
    const before = db.rowsRead();
    assert.deepEqual(texts(transcripts.through('a', second.id)), ['a0', 'a1']);
    assert.equal(db.rowsRead(), before, 'nothing read: the entries arrived');
    const own = transcripts.through('a', third.id);
    own.pop();
    assert.deepEqual(texts(transcripts.through('a', third.id)), ['a0', 'a1', 'a2'], "a task's array is its own");
  });

  it('ignores entries of a class it does not keep', () => {
    const db = database();
    const transcripts = new ClassTranscripts(db.read);
    const line = db.add('a', 'a0');
    transcripts.arrived('a', line);
    assert.deepEqual(texts(transcripts.through('a', line.id)), ['a0']);
    assert.equal(db.rowsRead(), 1);
  });
  it('keeps at most indexedClassesMax classes, the least recently asked about going first', () => {
    const db = database();
    const sessions = Array.from({ length: memory.indexedClassesMax + 1 }, (_, i) => `s${i}`);
    const last = sessions.map((sessionId) => db.add(sessionId, `${sessionId} line`));
    const transcripts = new ClassTranscripts(db.read);
    sessions.forEach((sessionId, i) => transcripts.through(sessionId, last[i]!.id));
    const before = db.rowsRead();
    transcripts.through(sessions[sessions.length - 1]!, last[last.length - 1]!.id);
    assert.equal(db.rowsRead(), before, 'the latest class is kept');
    transcripts.through(sessions[0]!, last[0]!.id);
    assert.equal(db.rowsRead(), before + 1, 'the first class was let go for the others');
  });

  it('keeps no class whose lines pass keptTranscriptsMaxBytes, nor one that grows past it', () => {
    const db = database();
    const long = 'x'.repeat(Math.ceil(memory.keptTranscriptsMaxBytes / 4));
    const transcripts = new ClassTranscripts(db.read);
    let line = db.add('a', long);
    transcripts.through('a', line.id);
    for (let i = 0; i < 5; i++) {
      line = db.add('a', long);
      transcripts.arrived('a', line);
    }
    const before = db.rowsRead();
    assert.equal(transcripts.through('a', line.id).length, 6);
    assert.equal(db.rowsRead(), before + 6, 'read again from the database: it grew past the limit');
  });

  it('follows a class from its first arriving entry, so its first task reads nothing', () => {
    const db = database();
    const earlier = [db.add('a', 'a0'), db.add('a', 'a1')];
    const transcripts = new ClassTranscripts(db.read);
    const line = db.add('a', 'a2');
    transcripts.follow('a', line);
    assert.equal(db.rowsRead(), earlier.length, 'the lines stored before it, once');
    const next = db.add('a', 'a3');
    transcripts.follow('a', next);
    assert.deepEqual(texts(transcripts.through('a', next.id)), ['a0', 'a1', 'a2', 'a3']);
    assert.equal(db.rowsRead(), earlier.length, 'the task read nothing');
  });

  it('does not follow again a class too long to keep', () => {
    const db = database();
    const transcripts = new ClassTranscripts(db.read);
    // One line over the byte budget: the class is dropped as soon as it is kept.
    const long = db.add('a', 'x'.repeat(memory.keptTranscriptsMaxBytes + 1));
    transcripts.follow('a', long);
    const next = db.add('a', 'a1');
    transcripts.follow('a', next);
    assert.equal(db.rowsRead(), 0, 'no read at either arrival');
    assert.deepEqual(texts(transcripts.through('a', next.id)).map((text) => text.length), [long.text.length, 2], 'a task reads the class from the database');
  });
});

