import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { storageFailureOf } from '../../src/platform/storage-failure.js';

/** The error better-sqlite3 throws for a statement, as the error handler receives it. */
function sqliteErrorOf(run: (db: Database.Database) => void): unknown {
  const db = new Database(':memory:');
  try {
    run(db);
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  assert.fail('the statement should have failed');
}

describe('storage failures', () => {
  it('a read-only database is a 503 storage_error that names the reason, not the statement', () => {
    const error = sqliteErrorOf((db) => {
      db.exec('CREATE TABLE t (x)');
      db.pragma('query_only = 1');
      db.exec("INSERT INTO t VALUES ('private')");
    });
    const failure = storageFailureOf(error);
    assert.equal(failure?.code, 'storage_error');
    assert.equal(failure?.status, 503);
    assert.match(failure?.message ?? '', /read-only/);
    assert.doesNotMatch(failure?.message ?? '', /private|INSERT/);
  });

  it('a constraint violation or a syntax error is not a storage failure', () => {
    const constraint = sqliteErrorOf((db) => {
      db.exec('CREATE TABLE t (x UNIQUE)');
      db.exec('INSERT INTO t VALUES (1)');
      db.exec('INSERT INTO t VALUES (1)');
    });
    assert.equal(storageFailureOf(constraint), null);
    assert.equal(storageFailureOf(sqliteErrorOf((db) => db.exec('SELEC 1'))), null);
  });

  it('file-system errors of a full or read-only disk are storage failures; a missing file is not', () => {
    const errno = (code: string) => Object.assign(new Error(`${code}: /home/someone/data`), { code });
    assert.match(storageFailureOf(errno('ENOSPC'))?.message ?? '', /disk is full/);
    assert.match(storageFailureOf(errno('EROFS'))?.message ?? '', /read-only/);
    assert.doesNotMatch(storageFailureOf(errno('ENOSPC'))?.message ?? '', /someone/);
    assert.equal(storageFailureOf(errno('ENOENT')), null);
    assert.equal(storageFailureOf(new Error('plain')), null);
    assert.equal(storageFailureOf('not an error'), null);
  });
});
