/**
 * Another process holding the write lock of a SQLite file, as a second program, a migration
 * or a backup does: a `node -e` child opens the file with better-sqlite3, runs `BEGIN
 * IMMEDIATE` and keeps the lock until the test releases it (or it is killed).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const BETTER_SQLITE = createRequire(import.meta.url).resolve('better-sqlite3');

/** The child: lock, say so, and on any line from stdin commit and say so. */
const HOLDER = `
const Database = require(${JSON.stringify(BETTER_SQLITE)});
const db = new Database(process.argv[1]);
db.pragma('journal_mode = WAL');
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
process.stdin.once('data', () => {
  db.exec('COMMIT');
  db.close();
  process.stdout.write('released\\n');
  process.exit(0);
});
`;

export interface SqliteLockHolder {
  /** Commits and closes; resolves once the lock is gone. */
  release(): Promise<void>;
}

/** Resolves once the child holds the write lock of `path`. */
export async function holdWriteLock(path: string): Promise<SqliteLockHolder> {
  const child = spawn(process.execPath, ['-e', HOLDER, path], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  const said = (word: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const look = (): void => {
        if (!output.includes(`${word}\n`)) return;
        child.stdout.off('data', look);
        resolve();
      };
      child.stdout.on('data', look);
      child.once('exit', (status) => reject(new Error(`the lock holder exited (${status}) before it ${word}`)));
      look();
    });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await said('locked');
  let released: Promise<void> | undefined;
  return {
    release: () => {
      released ??= (async () => {
        const done = said('released');
        child.stdin.write('release\n');
        await done;
      })();
      return released;
    },
  };
}
