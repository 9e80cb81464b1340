import type { Db } from '../../platform/db.js';

/** Receipts of imported 1.x files: the key is sha256(relative path + NUL + content). */
export function createLegacyStore(db: Db) {
  const has = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM legacy_imports WHERE key = ?');
  const add = db.prepare<[string, string, string]>('INSERT INTO legacy_imports (key, path, imported_at) VALUES (?, ?, ?)');
  return {
    has: (key: string): boolean => has.get(key) !== undefined,
    add: (key: string, path: string, importedAt: string): void => void add.run(key, path, importedAt),
    /** The database's own transaction: everything written inside commits together or not at all. */
    transaction: <T>(work: () => T): T => db.transaction(work)(),
  };
}

export type LegacyStore = ReturnType<typeof createLegacyStore>;
