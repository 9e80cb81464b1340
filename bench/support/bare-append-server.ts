// The floor under Lectern's entry append: a bare Fastify route that inserts the posted text
// into SQLite with the settings Lectern opens its database with (exclusive lock, WAL,
// synchronous=NORMAL) and answers 201. The performance budget measures Lectern's append as a
// ratio to this route at the same paced rate, so a busy machine slows both sides alike.
//   node --import tsx bench/support/bare-append-server.ts DATA_DIR   → prints {"port": N}
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { join } from 'node:path';
import { database } from '../../packages/lectern/src/config.js';

const [dataDir] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: bare-append-server.ts DATA_DIR');

const db = new Database(join(dataDir, 'bare.db'));
db.pragma('locking_mode = EXCLUSIVE');
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${database.synchronous}`);
db.exec('CREATE TABLE entries (id INTEGER PRIMARY KEY, text TEXT NOT NULL, source_id TEXT, created_at TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO entries (text, source_id, created_at) VALUES (?, ?, ?)');

const app = Fastify();
app.post<{ Body: { text: string; source_id?: string } }>('/entries', async (request, reply) => {
  const createdAt = new Date().toISOString();
  const { lastInsertRowid } = insert.run(request.body.text, request.body.source_id ?? null, createdAt);
  return reply.code(201).send({ id: Number(lastInsertRowid), text: request.body.text, created_at: createdAt });
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => {
    db.close();
    process.exit(0);
  });
});
