/**
 * `std.db.memory.*` (part5_enterprise of the Nexa docs): an agent's long-term notes kept in one
 * of the program's databases, keyed by agent name and key — `store(db, agent_name, key, value)`,
 * `query(db, agent_name, key)` (the value, or null), `list(db, agent_name)` (`[{key, value}]`
 * sorted by key) and `delete(db, agent_name, key)` (whether it existed). They live in the table
 * `loom_agent_memory`, made on first use with SQL both engines accept; values are stored as
 * JSON text, so a number or list comes back as it went in.
 */
import { fail } from '../core/script-error.js';
import { describe } from '../core/values.js';
import { Database } from '../infra/db/database.js';
import { decodeValue, encodeValue } from '../infra/kv/value-codec.js';
import { text } from './arguments.js';
import type { StdFunction } from './namespace.js';

const TABLE = 'loom_agent_memory';
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${TABLE} (agent_name TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (agent_name, key))`;
// ON CONFLICT ... DO UPDATE is the upsert of SQLite (3.24+) and PostgreSQL (9.5+) alike.
const UPSERT = `INSERT INTO ${TABLE} (agent_name, key, value) VALUES (?, ?, ?) ON CONFLICT (agent_name, key) DO UPDATE SET value = excluded.value`;

/** Databases whose memory table is known to exist in this run. */
const prepared = new WeakSet<Database>();

async function memoryTable(value: unknown): Promise<Database> {
  if (!(value instanceof Database)) return fail(`agent memory needs a database (db NAME = connect(...)), got ${describe(value)}`);
  if (!prepared.has(value)) {
    await value.execute(CREATE_TABLE, []);
    prepared.add(value);
  }
  return value;
}

function agentName(value: unknown): string {
  return text(value, 'the agent name');
}

function memoryKey(value: unknown): string {
  return text(value, 'the key');
}

/** The functions, under the names `memory.store`, ... of std.db. */
export const AGENT_MEMORY_FUNCTIONS: Readonly<Record<'memory.store' | 'memory.query' | 'memory.list' | 'memory.delete', StdFunction>> = {
  'memory.store': async (db, agent, key, value) => {
    const keyName = memoryKey(key);
    await (await memoryTable(db)).execute(UPSERT, [agentName(agent), keyName, encodeValue(value, keyName)]);
    return null;
  },
  'memory.query': async (db, agent, key) => {
    const row = await (await memoryTable(db)).queryOne(`SELECT value FROM ${TABLE} WHERE agent_name = ? AND key = ?`, [agentName(agent), memoryKey(key)]);
    return row === undefined ? null : decodeValue(String(row['value']));
  },
  'memory.list': async (db, agent) => {
    const rows = await (await memoryTable(db)).query(`SELECT key, value FROM ${TABLE} WHERE agent_name = ? ORDER BY key`, [agentName(agent)]);
    return rows.map((row) => ({ key: row['key'], value: decodeValue(String(row['value'])) }));
  },
  'memory.delete': async (db, agent, key) => (await (await memoryTable(db)).execute(`DELETE FROM ${TABLE} WHERE agent_name = ? AND key = ?`, [agentName(agent), memoryKey(key)])) > 0,
};

export const AGENT_MEMORY_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  'memory.store': ['db', 'agent_name', 'key', 'value'],
  'memory.query': ['db', 'agent_name', 'key'],
  'memory.list': ['db', 'agent_name'],
  'memory.delete': ['db', 'agent_name', 'key'],
};
