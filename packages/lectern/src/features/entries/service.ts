import { limits } from '../../config.js';
import { invalidState } from '../../platform/errors.js';
import type { EventPublisher } from '../../platform/events.js';
import { exportLineText } from '../../platform/text-rule.js';
import type { Session } from '../sessions/schemas.js';
import type { EntryArrival, SessionService } from '../sessions/service.js';
import type { EntryEvents } from './events.js';
import { matchAlert, type AlertKeywords } from './alerts.js';

/** The settings feature seeds its alert keyword defaults from the list the matcher was made for. */
export { defaultAlertKeywords } from './alerts.js';
import type { AppendEntryBody, Entry } from './schemas.js';
import type { EntryStore } from './store.js';
import type { TranscriptLine } from '../../answer-engine/types.js';

export interface AppendResult {
  entry: Entry;
  /** False when the same (session, source_id, text) was already stored: a retried request. */
  created: boolean;
}

export interface EntriesPageResult {
  items: Entry[];
  next_after_id: number | null;
}

export function createEntryService(
  store: EntryStore,
  sessions: SessionService,
  hub: EventPublisher<EntryEvents>,
  alertKeywords: () => AlertKeywords,
) {
  /**
   * Appends to a session its caller has just read, in the same transaction (the audio path reads
   * it once to judge a clip, then writes). Order of checks: idempotency receipt (200 replay or
   * 409 conflict, even after stop, so a retry whose answer was lost is acknowledged) → recording (409).
   */
  function appendTo(session: Session, body: AppendEntryBody, arrival: EntryArrival = {}): AppendResult {
    const sessionId = session.id;
    const stored = store.bySource(sessionId, body.source_id);
    if (stored) {
      if (stored.text === body.text) return { entry: stored, created: false };
      throw invalidState('This source_id was already used for different text');
    }
    if (!sessions.acceptsEntries(session, arrival)) throw invalidState(`The class is ${session.status}; entries are not accepted`);
    const entry = store.insert({
      session_id: sessionId,
      text: body.text,
      source_id: body.source_id,
      created_at: new Date().toISOString(),
      alert: matchAlert(body.text, alertKeywords()),
    });
    hub.publish('transcript', sessionId, entry);
    if (entry.alert) {
      hub.publish('alert', sessionId, { entry_id: entry.id, level: entry.alert.level, keywords: entry.alert.keywords, text: entry.text });
    }
    return { entry, created: true };
  }

  return {
    /** Order of checks: session (404), then as appendTo. */
    append(sessionId: string, body: AppendEntryBody, arrival: EntryArrival = {}): AppendResult {
      return appendTo(sessions.get(sessionId), body, arrival);
    },

    appendTo,

    /**
     * Lines of a class carried over from Lectern 1.x, with their own times. Synchronous, for the
     * legacy import's one transaction; no alerts (they are for live classes) and no events.
     */
    insertImported(sessionId: string, lines: readonly { text: string; created_at: string; source_id: string }[]): void {
      for (const line of lines) store.insert({ session_id: sessionId, ...line, alert: null });
    },

    page(sessionId: string, afterId: number, limit: number): EntriesPageResult {
      sessions.get(sessionId);
      const rows = store.page(sessionId, afterId, limit + 1);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return { items, next_after_id: rows.length > limit && last ? last.id : null };
    },

    /** The entry stored under (session, source_id), if any. */
    bySource(sessionId: string, sourceId: string): Entry | undefined {
      return store.bySource(sessionId, sourceId);
    },

    /** The newest `count` lines of a session, oldest first (what speech is compared against for repeats). */
    latestTexts(sessionId: string, count: number): string[] {
      return store.latestTexts(sessionId, count);
    },

    /**
     * The newest transcript text of a session, up to `maxChars` (whole lines): what a course
     * vocabulary learns the class's own words from.
     */
    recentTranscript(sessionId: string, maxChars: number): string {
      const lines = store.latestTexts(sessionId, Math.max(1, Math.ceil(maxChars / 20)));
      let text = '';
      for (let i = lines.length - 1; i >= 0 && text.length + lines[i]!.length < maxChars; i--) text = `${lines[i]}\n${text}`;
      return text;
    },

    /** The id of the session's newest entry, 0 when it has none: what a task will see. */
    lastEntryId(sessionId: string): number {
      return store.lastId(sessionId);
    },

    /** The transcript up to and including `throughId` (after `afterId`, when given), chronological, as the assistant reads it. */
    transcriptThrough(sessionId: string, throughId: number, afterId = 0): TranscriptLine[] {
      return store.linesThrough(sessionId, throughId, afterId);
    },

    /** One `ISO-time<TAB>text` line per entry (clean text: see exportLineText), fetched in batches so memory stays flat. */
    async *exportLines(sessionId: string): AsyncGenerator<string> {
      let afterId = 0;
      for (;;) {
        const rows = store.textPage(sessionId, afterId, limits.exportBatchRows);
        if (rows.length === 0) return;
        let chunk = '';
        for (const row of rows) chunk += `${row.created_at}\t${exportLineText(row.text)}\n`;
        yield chunk;
        afterId = rows[rows.length - 1]!.id;
      }
    },
  };
}

export type EntryService = ReturnType<typeof createEntryService>;
