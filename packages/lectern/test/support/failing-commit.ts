import type { Db } from '../../src/platform/db.js';

/**
 * Makes every transaction that inserts into `table` fail at its COMMIT, after all of its
 * statements (and whatever ran between them) succeeded: each insert also writes a row whose
 * foreign key points nowhere, and that key is only checked when the outermost transaction
 * commits (DEFERRABLE INITIALLY DEFERRED). Installed in the test's own database file; returns
 * the undo.
 */
export function failCommitsThatInsertInto(db: Db, table: string): () => void {
  const trigger = `test_fail_commit_after_${table}`;
  db.exec(`
    CREATE TABLE IF NOT EXISTS test_commit_parent (id INTEGER PRIMARY KEY);
    CREATE TABLE IF NOT EXISTS test_commit_orphan (parent_id INTEGER NOT NULL REFERENCES test_commit_parent (id) DEFERRABLE INITIALLY DEFERRED);
    CREATE TRIGGER ${trigger} AFTER INSERT ON ${table} BEGIN INSERT INTO test_commit_orphan (parent_id) VALUES (1); END;
  `);
  return () => db.exec(`DROP TRIGGER ${trigger}`);
}
