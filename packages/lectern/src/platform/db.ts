import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { database, server } from '../config.js';
import { CommitCallbacks, type AfterCommit } from './commit-callbacks.js';
import { StartupError } from './startup-error.js';

type TransactionBody = Parameters<BetterSqlite3.Database['transaction']>[0];

/**
 * The better-sqlite3 connection, plus `afterCommit`: what reports a write (an event frame)
 * waits there until the outermost transaction around it has committed, and is dropped if it
 * rolls back. Transactions are opened through `transaction()`, whose every variant is tracked;
 * one begun by hand (`exec('BEGIN')`) would escape that, and `afterCommit` refuses to run in it.
 */
export class Db extends BetterSqlite3 implements AfterCommit {
  readonly #commitCallbacks = new CommitCallbacks();

  override transaction<F extends TransactionBody>(body: F): BetterSqlite3.Transaction<F> {
    type Variant = BetterSqlite3.Transaction<F>['default'];
    const untracked = super.transaction(body);
    const callbacks = this.#commitCallbacks;
    const tracked = (variant: Variant) =>
      function (this: unknown, ...params: Parameters<Variant>): ReturnType<Variant> {
        return callbacks.around(() => variant.apply(this, params));
      };
    return Object.assign(tracked(untracked), {
      default: tracked(untracked.default),
      deferred: tracked(untracked.deferred),
      immediate: tracked(untracked.immediate),
      exclusive: tracked(untracked.exclusive),
    });
  }

  afterCommit(callback: () => void): void {
    if (this.inTransaction && !this.#commitCallbacks.open) {
      throw new Error('A transaction was begun outside db.transaction(): its commit cannot be waited for');
    }
    this.#commitCallbacks.add(callback);
  }
}

const migrationsDir = new URL('./migrations/', import.meta.url);

interface Migration {
  version: number;
  name: string;
  sql: string;
}

function loadMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{3}_.+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: Number(name.slice(0, 3)),
      name,
      sql: readFileSync(new URL(name, migrationsDir), 'utf8'),
    }));
}

/**
 * Opens the data dir's database and takes it exclusively. SQLite's exclusive locking mode
 * holds an OS file lock for the life of the connection, so a second Lectern on the same data
 * dir is refused, and a crashed owner's lock disappears with its process — no stale lock files.
 */
export function openDatabase(dataDir: string): Db {
  const path = join(dataDir, server.databaseFileName);
  const isNew = !existsSync(path);
  let db: Db;
  try {
    db = new Db(path, { timeout: 0 });
    chmodSync(path, server.privateFileMode);
  } catch (error) {
    throw new StartupError('storage_error', `Cannot open the database in ${dataDir}: ${(error as Error).message}`);
  }
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // Turning a new, empty file into a WAL database rewrites its header through a rollback
    // journal with two fsyncs: 15-20 ms of a first start, for a file that holds nothing yet.
    // Unsynced, a power cut in that instant leaves an empty file or one still in rollback mode,
    // which the next start converts again. The configured level is set below, before any data.
    if (isNew) db.pragma('synchronous = OFF');
    db.pragma('journal_mode = WAL');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new StartupError('data_dir_in_use', `Another Lectern is already using the data directory ${dataDir}`);
    }
    throw new StartupError('storage_error', `Cannot lock the database in ${dataDir}: ${(error as Error).message}`);
  }
  db.pragma(`synchronous = ${database.synchronous}`);
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${database.busyTimeoutMs}`);
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Applies pending migrations in one transaction each; refuses a database written by a newer Lectern. */
export function migrate(db: Db): void {
  const migrations = loadMigrations();
  const latest = migrations.at(-1)?.version ?? 0;
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latest) {
    throw new StartupError(
      'database_too_new',
      `The database is at schema version ${current}, newer than this Lectern understands (${latest}); upgrade Lectern or use another data directory`,
    );
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
