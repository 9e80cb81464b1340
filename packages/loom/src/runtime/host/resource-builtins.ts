/**
 * The builtins the Nexa examples call on resource handles without `std.` (`set(cache, "k", 1)`,
 * `get_str(cache, "k")`, `query(app_db, sql, params)`): each is the std function of the same
 * name, so both spellings behave alike. `list(store, prefix)` lists keys while `list(x)` of
 * anything else stays the conversion; `open`/`connect` open a store or a database.
 */
import { ResourceHandle } from '../core/resource-handle.js';
import { fail } from '../core/script-error.js';
import type { StdFunctions } from '../std/namespace.js';

type Builtin = (...args: unknown[]) => unknown;

const KV_BUILTINS = ['get', 'get_int', 'get_str', 'get_json', 'set', 'set_nx', 'del', 'has', 'expire', 'ttl', 'flush', 'incr'] as const;
const DB_BUILTINS = ['query', 'query_one', 'execute'] as const;

export function resourceBuiltins(std: Readonly<Record<string, StdFunctions>>, base: Readonly<Record<string, Builtin>>): Record<string, Builtin> {
  const builtins: Record<string, Builtin> = {
    open: (...args) => std.kv.open(...args),
    connect: (...args) => std.db.connect(...args),
    enable_auth: (...args) => std.auth.enable_auth(...args),
    list: (...args) => (args[0] instanceof ResourceHandle && args[0].namespace === 'kv' ? std.kv.list(...args) : base.list(...args)),
  };
  for (const name of KV_BUILTINS) builtins[name] = (...args) => std.kv[name](...args);
  for (const name of DB_BUILTINS) builtins[name] = (...args) => std.db[name](...args);
  // `get` and the others need a store first; say so rather than report a missing method.
  for (const name of [...KV_BUILTINS, ...DB_BUILTINS]) {
    const call = builtins[name];
    builtins[name] = (...args) => (args[0] instanceof ResourceHandle ? call(...args) : fail(`${name}() needs a ${DB_BUILTINS.includes(name as never) ? 'database (db NAME = connect(...))' : 'store (kv NAME = open(...))'} as its first argument`));
  }
  return builtins;
}
