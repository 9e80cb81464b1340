import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { database } from '../../src/config.js';
import { openDatabase } from '../../src/platform/db.js';

const synchronousLevels: Record<string, number> = { OFF: 0, NORMAL: 1, FULL: 2, EXTRA: 3 };

test('a new data dir gets a WAL database at the configured synchronous level, kept on reopening', (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-db-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  for (const opening of ['first', 'second']) {
    const db = openDatabase(dataDir);
    try {
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal', `${opening} opening`);
      // The first opening creates the file without syncing; requests must still run at the configured level.
      assert.equal(db.pragma('synchronous', { simple: true }), synchronousLevels[database.synchronous], `${opening} opening`);
      assert.ok((db.pragma('user_version', { simple: true }) as number) > 0, 'migrated');
    } finally {
      db.close();
    }
  }
});
