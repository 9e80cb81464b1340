import type { Db } from '../../platform/db.js';
import type { Alert, Entry } from './schemas.js';

interface EntryRow {
  id: number;
  session_id: string;
  text: string;
  source_id: string;
  created_at: string;
  alert_level: Alert['level'] | null;
  alert_keywords: string | null;
}

const columns = 'id, session_id, text, source_id, created_at, alert_level, alert_keywords';

function toEntry(row: EntryRow): Entry {
  const alert = row.alert_level === null ? null : { level: row.alert_level, keywords: JSON.parse(row.alert_keywords ?? '[]') as string[] };
  return { id: row.id, session_id: row.session_id, text: row.text, source_id: row.source_id, created_at: row.created_at, alert };
}

export interface NewEntry {
  session_id: string;
  text: string;
  source_id: string;
  created_at: string;
  alert: Alert | null;
}

/** SQL for transcript entries; statements are prepared once per database. */
export function createEntryStore(db: Db) {
  const bySource = db.prepare<[string, string], EntryRow>(`SELECT ${columns} FROM entries WHERE session_id = ? AND source_id = ?`);
  const insert = db.prepare(
    `INSERT INTO entries (session_id, text, source_id, created_at, alert_level, alert_keywords)
     VALUES (@session_id, @text, @source_id, @created_at, @alert_level, @alert_keywords)`,
  );
  const bumpCount = db.prepare<[string]>('UPDATE sessions SET entry_count = entry_count + 1 WHERE id = ?');
  const pageAfter = db.prepare<[string, number, number], EntryRow>(
    `SELECT ${columns} FROM entries WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?`,
  );
  const textAfter = db.prepare<[string, number, number], Pick<EntryRow, 'id' | 'text' | 'created_at'>>(
    'SELECT id, text, created_at FROM entries WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?',
  );

  const lastId = db.prepare<[string], { id: number | null }>('SELECT max(id) AS id FROM entries WHERE session_id = ?');
  // Rows shaped as the assistant reads them: a class's whole transcript is not copied again.
  const linesThrough = db.prepare<[string, number, number], { id: number; text: string; createdAt: string }>(
    'SELECT id, text, created_at AS createdAt FROM entries WHERE session_id = ? AND id > ? AND id <= ? ORDER BY id',
  );

  const latestTexts = db.prepare<[string, number], { text: string }>('SELECT text FROM entries WHERE session_id = ? ORDER BY id DESC LIMIT ?');

  const insertWithCount = db.transaction((entry: NewEntry): Entry => {
    const info = insert.run({
      ...entry,
      alert_level: entry.alert?.level ?? null,
      alert_keywords: entry.alert ? JSON.stringify(entry.alert.keywords) : null,
    });
    bumpCount.run(entry.session_id);
    return { id: Number(info.lastInsertRowid), ...entry };
  });

  return {
    bySource(sessionId: string, sourceId: string): Entry | undefined {
      const row = bySource.get(sessionId, sourceId);
      return row && toEntry(row);
    },
    insert: insertWithCount,
    page(sessionId: string, afterId: number, limit: number): Entry[] {
      return pageAfter.all(sessionId, afterId, limit).map(toEntry);
    },
    lastId(sessionId: string): number {
      return lastId.get(sessionId)?.id ?? 0;
    },
    linesThrough(sessionId: string, throughId: number, afterId = 0) {
      return linesThrough.all(sessionId, afterId, throughId);
    },
    /** The texts of the session's newest `count` entries, oldest first. */
    latestTexts(sessionId: string, count: number): string[] {
      return latestTexts.all(sessionId, count).map((row) => row.text).reverse();
    },
    /** Lean rows for streaming an export: no alert decoding, keyset-paged by id. */
    textPage(sessionId: string, afterId: number, limit: number) {
      return textAfter.all(sessionId, afterId, limit);
    },
  };
}

export type EntryStore = ReturnType<typeof createEntryStore>;
