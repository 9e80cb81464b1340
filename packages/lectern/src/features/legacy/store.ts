import type { Db } from '../../platform/db.js';

/** Receipts of imported 1.x files: the key is sha256(relative path + NUL + content). */
export function createLegacyStore(db: Db) {
  const has = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM legacy_imports WHERE key = ?');
  const add = db.prepare<[string, string, string, string | null]>('INSERT INTO legacy_imports (key, path, imported_at, session_id) VALUES (?, ?, ?, ?)');
  const sessionOf = db.prepare<[string], { session_id: string | null }>('SELECT session_id FROM legacy_imports WHERE key = ?');
  return {
    has: (key: string): boolean => has.get(key) !== undefined,
    /** `sessionId`: the session the file became, for a transcript; null for the other files. */
    add: (key: string, path: string, importedAt: string, sessionId: string | null = null): void => void add.run(key, path, importedAt, sessionId),
    /** The session an imported transcript became; null when it is not recorded (imported before it was kept). */
    sessionOf: (key: string): string | null => sessionOf.get(key)?.session_id ?? null,
    /** The database's own transaction: everything written inside commits together or not at all. */
    transaction: <T>(work: () => T): T => db.transaction(work)(),
  };
}

export type LegacyStore = ReturnType<typeof createLegacyStore>;
