// The transcripts of the classes being asked about, kept in memory between their tasks.
import { memory } from '../../config.js';
import { ByteBudgetLru } from '../../platform/byte-budget-lru.js';
import { stringBytes } from '../../platform/memory-size.js';
import type { TranscriptLine } from '../../answer-engine/types.js';

/** How many sessions too long to keep are remembered as such. */
const TOO_LONG_REMEMBERED = 16;
/** A transcript line's object and its two short strings besides the text. */
const LINE_OBJECT_BYTES = 120;

/** Reads a session's lines with ids in (afterId, throughId], in order. */
export type ReadTranscript = (sessionId: string, throughId: number, afterId: number) => TranscriptLine[];

/**
 * Every task reads its class's whole transcript, and on a two-hour class reading 14,400 rows
 * from the database took about 30 ms of a first token's 50 (docs/benchmarks.md, "First token
 * on a two-hour class"). Entries never change once stored and a class only grows, so the lines
 * a task read are kept for the class's next task, which reads only the rows added since; the
 * service also hands over each new entry as it is stored (arrived). At most
 * `memory.indexedClassesMax` classes, and no class whose lines pass
 * `memory.keptTranscriptsMaxBytes`: a longer one is read from the database each time, as before.
 */
export class ClassTranscripts {
  private readonly kept = new ByteBudgetLru<string, TranscriptLine[]>(memory.indexedClassesMax * memory.keptTranscriptsMaxBytes, {
    maxEntries: memory.indexedClassesMax,
    maxValueBytes: memory.keptTranscriptsMaxBytes,
  });
  /** Sessions dropped for passing the byte budget: `follow` does not start keeping them again. */
  private readonly tooLong = new Set<string>();

  constructor(private readonly read: ReadTranscript) {}

  /** The session's transcript up to and including `throughId`: an array of the task's own. */
  through(sessionId: string, throughId: number): TranscriptLine[] {
    const known = this.kept.get(sessionId);
    if (known === undefined) {
      const lines = this.read(sessionId, throughId, 0);
      this.keep(sessionId, lines.slice());
      return lines;
    }
    const lastId = known[known.length - 1]?.id ?? 0;
    if (lastId < throughId) this.append(sessionId, known, this.read(sessionId, throughId, lastId));
    return known.slice(0, countThrough(known, throughId));
  }

  /** A new entry of a session: a kept transcript takes it in (what the next task would read). */
  arrived(sessionId: string, line: TranscriptLine): void {
    const known = this.kept.peek(sessionId);
    if (known === undefined) return;
    const lastId = known[known.length - 1]?.id ?? 0;
    if (line.id > lastId) this.append(sessionId, known, [line]);
  }

  /**
   * A new entry of a session, which the transcript is kept from now on if it is not yet: the
   * lines stored before it are read once (none for a class that has just begun), so the class's
   * first task reads nothing. Before this, the first question on a two-hour class read its
   * 14,400 rows while the student waited. A class too long to keep is not read again.
   */
  follow(sessionId: string, line: TranscriptLine): void {
    if (this.kept.peek(sessionId) !== undefined) {
      this.arrived(sessionId, line);
      return;
    }
    if (this.tooLong.has(sessionId)) return;
    const lines = this.read(sessionId, line.id - 1, 0);
    lines.push(line);
    this.keep(sessionId, lines);
  }

  private keep(sessionId: string, lines: TranscriptLine[]): void {
    this.kept.set(sessionId, lines, bytesOf(lines));
    if (this.kept.peek(sessionId) === undefined) this.markTooLong(sessionId);
  }

  private append(sessionId: string, known: TranscriptLine[], lines: readonly TranscriptLine[]): void {
    for (const line of lines) known.push(line);
    // Now the most recently used too, as when it was asked for.
    this.kept.get(sessionId);
    this.kept.grow(sessionId, bytesOf(lines));
    if (this.kept.peek(sessionId) === undefined) this.markTooLong(sessionId);
  }

  private markTooLong(sessionId: string): void {
    this.tooLong.add(sessionId);
    // A set of session ids, oldest first: a long-running process must not collect them all.
    if (this.tooLong.size > TOO_LONG_REMEMBERED) this.tooLong.delete(this.tooLong.values().next().value as string);
  }
}

function bytesOf(lines: readonly TranscriptLine[]): number {
  let bytes = 0;
  for (const line of lines) bytes += LINE_OBJECT_BYTES + stringBytes(line.text);
  return bytes;
}

/** How many of the lines (in id order) have ids up to `throughId`. */
function countThrough(lines: readonly TranscriptLine[], throughId: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lines[middle]!.id <= throughId) low = middle + 1;
    else high = middle;
  }
  return low;
}
