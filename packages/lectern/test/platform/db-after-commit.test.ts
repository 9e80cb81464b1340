import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../src/platform/db.js';

describe('Db.afterCommit: work that waits for the outermost commit', () => {
  let dataDir: string;
  let db: Db;
  const ran: string[] = [];
  const note = (name: string) => () => ran.push(name);

  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lectern-after-commit-'));
    db = openDatabase(dataDir);
    db.exec('CREATE TABLE t (v TEXT NOT NULL)');
  });
  after(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs at once outside a transaction, and at the outermost commit inside one, in order', () => {
    ran.length = 0;
    db.afterCommit(note('alone'));
    assert.deepEqual(ran, ['alone']);
    const inner = db.transaction(() => {
      db.prepare("INSERT INTO t VALUES ('inner')").run();
      db.afterCommit(note('inner'));
    });
    db.transaction(() => {
      db.afterCommit(note('outer-before'));
      inner();
      // Released, not committed: the callback still waits.
      assert.deepEqual(ran, ['alone']);
      db.afterCommit(note('outer-after'));
    }).immediate();
    assert.deepEqual(ran, ['alone', 'outer-before', 'inner', 'outer-after']);
  });

  it('drops what a rolled-back transaction queued, and what a rolled-back savepoint queued, while the rest commits', () => {
    ran.length = 0;
    assert.throws(() =>
      db.transaction(() => {
        db.afterCommit(note('rolled back'));
        throw new Error('no');
      })(),
    );
    db.transaction(() => {
      db.afterCommit(note('kept'));
      assert.throws(() =>
        db.transaction(() => {
          db.afterCommit(note('savepoint rolled back'));
          throw new Error('no');
        })(),
      );
    })();
    assert.deepEqual(ran, ['kept']);
  });

  it('drops everything when the COMMIT itself fails', () => {
    ran.length = 0;
    db.exec(`
      CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
    `);
    assert.throws(
      () =>
        db.transaction(() => {
          db.prepare('INSERT INTO child VALUES (1)').run();
          db.afterCommit(note('orphan written'));
        })(),
      { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' },
    );
    assert.deepEqual(ran, []);
    assert.equal(db.inTransaction, false);
  });

  it('refuses inside a transaction begun by hand, whose commit it cannot see', () => {
    db.exec('BEGIN');
    try {
      assert.throws(() => db.afterCommit(note('unseen')), /outside db\.transaction/);
    } finally {
      db.exec('ROLLBACK');
    }
  });
});
