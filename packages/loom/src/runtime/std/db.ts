/**
 * `std.db`: SQL databases by URL (SQLite, PostgreSQL). The first argument of every function
 * but `connect` is a database handle (`db NAME = connect(...)`), whose methods are these
 * functions. `query` gives a list of row dicts keyed by column name, `query_one` a dict or
 * null, `execute` the number of rows changed; parameters are the third argument (or
 * `params:`) and are always bound, never written into the SQL. The Nexa spellings
 * `std.db.sqlite.*` and `std.db.postgres.*` are the same functions: the URL picks the engine.
 * `std.db.memory.*` keeps agents' long-term notes in a database (db-memory.ts).
 */
import { isDict, describe } from '../core/values.js';
import { fail } from '../core/script-error.js';
import { Database, connectDatabase } from '../infra/db/database.js';
import type { Parameters } from '../infra/db/engine.js';
import { text } from './arguments.js';
import { AGENT_MEMORY_FUNCTIONS, AGENT_MEMORY_PARAMETERS } from './db-memory.js';
import type { StdFunction, StdFunctionsOf, StdNamespace, StdServices } from './namespace.js';

function database(value: unknown): Database {
  return value instanceof Database ? value : fail(`a database is needed (db NAME = connect(...)), got ${describe(value)}`);
}

function parameters(value: unknown): Parameters {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) || isDict(value)) return value;
  return fail(`SQL parameters are a list (or a dict of names), got ${describe(value)}`);
}

function createDb(services: StdServices): StdFunctionsOf<'db'> {
  const functions: Record<EngineFunction | 'transaction', StdFunction> = {
    connect: async (url) => services.resources.track(await connectDatabase(text(url, 'the database URL'), services.projectRoot)),
    query: (db, sql, params) => database(db).query(text(sql, 'the SQL'), parameters(params)),
    query_one: (db, sql, params) => {
      const row = database(db).queryOne(text(sql, 'the SQL'), parameters(params));
      return row instanceof Promise ? row.then((found) => found ?? null) : (row ?? null);
    },
    execute: (db, sql, params) => database(db).execute(text(sql, 'the SQL'), parameters(params)),
    begin: async (db) => {
      await database(db).begin();
      return null;
    },
    commit: async (db) => {
      await database(db).commit();
      return null;
    },
    rollback: async (db) => {
      await database(db).rollback();
      return null;
    },
    transaction: (db, body) => {
      const handle = database(db);
      if (typeof body !== 'function') return fail(`transaction needs a function to run, got ${describe(body)}`);
      return handle.transaction(async () => (body as StdFunction)());
    },
    close: async (db) => {
      const handle = database(db);
      services.resources.forget(handle);
      await handle.close();
      return null;
    },
  };
  return { ...functions, ...engineSpelled('sqlite', functions), ...engineSpelled('postgres', functions), ...AGENT_MEMORY_FUNCTIONS };
}

const ENGINE_SPELLINGS = ['sqlite', 'postgres'] as const;
const ENGINE_FUNCTIONS = ['connect', 'query', 'query_one', 'execute', 'begin', 'commit', 'rollback', 'close'] as const;
type EngineFunction = (typeof ENGINE_FUNCTIONS)[number];

/** The engine-named spellings of the docs (`std.db.sqlite.query`): the same functions, since the URL picks the engine. */
function engineSpelled<E extends (typeof ENGINE_SPELLINGS)[number]>(engine: E, functions: Readonly<Record<EngineFunction, StdFunction>>): Record<`${E}.${EngineFunction}`, StdFunction> {
  // fromEntries cannot type template-literal keys; the entries are exactly `${engine}.${name}` for every engine function.
  return Object.fromEntries(ENGINE_FUNCTIONS.map((name) => [`${engine}.${name}`, functions[name]])) as Record<`${E}.${EngineFunction}`, StdFunction>;
}

const PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  connect: ['url'],
  query: ['db', 'sql', 'params'],
  query_one: ['db', 'sql', 'params'],
  execute: ['db', 'sql', 'params'],
  begin: ['db'],
  commit: ['db'],
  rollback: ['db'],
  transaction: ['db', 'body'],
  close: ['db'],
};

export const dbNamespace: StdNamespace<'db'> = {
  create: (_env, services) => createDb(services),
  // `uses std.db`: a model runs SQL, with bound parameters, on the program's declared databases
  // by name. Transactions and `close` are left out: a model's begin without commit would hold
  // the program's connection in a transaction it cannot see.
  toolHandle: 'db',
  tools: {
    query: { description: 'Run a SQL query with bound parameters (? placeholders); returns the rows as objects keyed by column', parameters: { db: 'string', sql: 'string', params: 'list' } },
    query_one: { description: 'Run a SQL query with bound parameters (? placeholders); returns the first row as an object, or null', parameters: { db: 'string', sql: 'string', params: 'list' } },
    execute: { description: 'Run a SQL statement (INSERT, UPDATE, DELETE, CREATE ...) with bound parameters (? placeholders); returns the number of rows changed', parameters: { db: 'string', sql: 'string', params: 'list' } },
  },
  parameters: {
    ...PARAMETERS,
    ...Object.fromEntries(ENGINE_SPELLINGS.flatMap((engine) => ENGINE_FUNCTIONS.map((name) => [`${engine}.${name}`, PARAMETERS[name]]))),
    ...AGENT_MEMORY_PARAMETERS,
  },
};
