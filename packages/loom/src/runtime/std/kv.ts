/**
 * `std.kv`: the key-value store. The first argument of every function but `open` is a store
 * handle (`kv NAME = open(...)` or `std.kv.open(...)`), whose methods are these functions.
 * Reading a missing, deleted or expired key is E601 naming the key (`??` reads that E601 as
 * absent); a typed getter finding another type is E602. TTLs are in seconds.
 */
import { LoomError } from '../../errors.js';
import { fail } from '../core/script-error.js';
import { describe, isDict, typeName } from '../core/values.js';
import { KvStore, openKvStore } from '../infra/kv/kv-store.js';
import type { KvBackend } from '../infra/kv/backend.js';
import { decodeValue, encodeValue } from '../infra/kv/value-codec.js';
import { number, text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace, StdServices } from './namespace.js';

function store(value: unknown): KvBackend {
  if (value instanceof KvStore) return value.use();
  // A wrong argument, not a failed store operation: E105, which `??` does not swallow.
  return fail(`a key-value store is needed (kv NAME = open(...)), got ${describe(value)}`);
}

function key(value: unknown): string {
  return text(value, 'the key');
}

/** A TTL argument: absent, or a positive whole number of seconds. */
function ttlSeconds(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const seconds = number(value, 'the TTL (seconds)');
  if (!Number.isInteger(seconds) || seconds <= 0) throw new LoomError('E601', `a TTL is a positive whole number of seconds, got ${seconds}`);
  return seconds;
}

/** The store key of an agent's key: `agent:<agent_name>:<key>`. */
function agentKey(agent: unknown, name: unknown): string {
  return `agent:${text(agent, 'the agent name')}:${key(name)}`;
}

function missing(name: string): LoomError {
  return new LoomError('E601', `key '${name}' not found (missing, deleted or expired)`);
}

async function read(kv: unknown, name: unknown): Promise<{ name: string; value: unknown }> {
  const keyName = key(name);
  const json = await store(kv).get(keyName);
  if (json === undefined) throw missing(keyName);
  return { name: keyName, value: decodeValue(json) };
}

/** A getter that insists on one type: another type stored under the key is E602. */
function typedGetter(expected: string, accepts: (value: unknown) => boolean) {
  return async (kv: unknown, name: unknown): Promise<unknown> => {
    const { name: keyName, value } = await read(kv, name);
    if (!accepts(value)) throw new LoomError('E602', `key '${keyName}' holds ${typeName(value)}, not ${expected}`);
    return value;
  };
}

/** `get_json`: a list or dict as stored, or text holding JSON, parsed. */
async function getJson(kv: unknown, name: unknown): Promise<unknown> {
  const { name: keyName, value } = await read(kv, name);
  if (Array.isArray(value) || isDict(value)) return value;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw new LoomError('E602', `key '${keyName}' holds text that is not JSON`);
    }
  }
  throw new LoomError('E602', `key '${keyName}' holds ${typeName(value)}, not JSON`);
}

function createKv(services: StdServices): StdFunctionsOf<'kv'> {
  return {
    open: async (url) => services.resources.track(await openKvStore(text(url ?? ':memory:', 'the store URL'), services.projectRoot)),
    get: async (kv, name) => (await read(kv, name)).value,
    get_int: typedGetter('an int', (value) => typeof value === 'number' && Number.isInteger(value)),
    get_float: typedGetter('a number', (value) => typeof value === 'number'),
    get_str: typedGetter('a str', (value) => typeof value === 'string'),
    get_bool: typedGetter('a bool', (value) => typeof value === 'boolean'),
    get_list: typedGetter('a list', Array.isArray),
    get_dict: typedGetter('a dict', isDict),
    get_json: getJson,
    set: async (kv, name, value, ttl) => {
      const keyName = key(name);
      await store(kv).set(keyName, encodeValue(value, keyName), ttlSeconds(ttl));
      return null;
    },
    set_nx: async (kv, name, value, ttl) => {
      const keyName = key(name);
      return store(kv).setIfAbsent(keyName, encodeValue(value, keyName), ttlSeconds(ttl));
    },
    has: (kv, name) => store(kv).has(key(name)),
    del: (kv, name) => store(kv).delete(key(name)),
    delete: (kv, name) => store(kv).delete(key(name)),
    list: (kv, prefix) => store(kv).keys(prefix === undefined || prefix === null ? '' : text(prefix, 'the prefix')),
    incr: async (kv, name, by) => {
      const keyName = key(name);
      const step = by === undefined || by === null ? 1 : number(by, 'the increment');
      if (!Number.isInteger(step)) throw new LoomError('E602', `incr adds whole numbers, got ${step}`);
      const sum = await store(kv).increment(keyName, step);
      if (sum === undefined) throw new LoomError('E602', `key '${keyName}' does not hold an int, so it cannot be incremented`);
      return sum;
    },
    expire: async (kv, name, ttl) => {
      const keyName = key(name);
      const seconds = ttlSeconds(ttl);
      if (seconds === undefined) throw new LoomError('E601', 'expire needs a TTL in seconds');
      if (!(await store(kv).expire(keyName, seconds))) throw missing(keyName);
      return true;
    },
    ttl: async (kv, name) => {
      const keyName = key(name);
      const seconds = await store(kv).ttl(keyName);
      if (seconds === undefined) throw missing(keyName);
      return seconds;
    },
    flush: async (kv) => {
      await store(kv).flush();
      return null;
    },
    // part5_enterprise's agent-specific KV: an agent's keys live under `agent:<agent_name>:`.
    agent_kv_store: async (kv, agent, name, value) => {
      const keyName = agentKey(agent, name);
      await store(kv).set(keyName, encodeValue(value, keyName), undefined);
      return null;
    },
    agent_kv_query: async (kv, agent, name) => (await read(kv, agentKey(agent, name))).value,
    agent_kv_context: async (kv, agent) => {
      const prefix = agentKey(agent, '');
      const backend = store(kv);
      const context: Record<string, unknown> = {};
      for (const keyName of await backend.keys(prefix)) {
        const json = await backend.get(keyName);
        // A key that expired between listing and reading is simply not part of the context.
        if (json !== undefined) context[keyName.slice(prefix.length)] = decodeValue(json);
      }
      return context;
    },
    close: async (kv) => {
      if (!(kv instanceof KvStore)) return store(kv) && null;
      services.resources.forget(kv);
      await kv.close();
      return null;
    },
  };
}

const KEY_PARAMETERS = ['kv', 'key'];

export const kvNamespace: StdNamespace<'kv'> = {
  create: (_env, services) => createKv(services),
  // `uses std.kv`: a model reads and writes the program's declared stores by name. `flush` and
  // `close` are left out: one wrong call would empty or shut a store the program relies on.
  toolHandle: 'kv',
  tools: {
    get: { description: 'Read the value stored under a key (an error if the key is missing or expired)', parameters: { kv: 'string', key: 'string' } },
    set: { description: 'Store a value (text, number, bool, list or dict) under a key', parameters: { kv: 'string', key: 'string', value: 'any' } },
    set_nx: { description: 'Store a value only if the key is absent; returns whether it was stored', parameters: { kv: 'string', key: 'string', value: 'any' } },
    has: { description: 'Whether a live key exists', parameters: { kv: 'string', key: 'string' } },
    del: { description: 'Delete a key; returns whether it existed', parameters: { kv: 'string', key: 'string' } },
    list: { description: 'The live keys starting with a prefix ("" for all), sorted', parameters: { kv: 'string', prefix: 'string' } },
    incr: { description: 'Add a whole number to the integer under a key (absent counts as 0); returns the sum', parameters: { kv: 'string', key: 'string', by: 'int' } },
    expire: { description: 'Make a key expire after a number of seconds', parameters: { kv: 'string', key: 'string', ttl: 'int' } },
    ttl: { description: 'Seconds until a key expires (-1: never)', parameters: { kv: 'string', key: 'string' } },
  },
  parameters: {
    open: ['path'],
    get: KEY_PARAMETERS, get_int: KEY_PARAMETERS, get_float: KEY_PARAMETERS, get_str: KEY_PARAMETERS,
    get_bool: KEY_PARAMETERS, get_list: KEY_PARAMETERS, get_dict: KEY_PARAMETERS, get_json: KEY_PARAMETERS,
    set: ['kv', 'key', 'value', 'ttl'],
    set_nx: ['kv', 'key', 'value', 'ttl'],
    has: KEY_PARAMETERS, del: KEY_PARAMETERS, delete: KEY_PARAMETERS, ttl: KEY_PARAMETERS,
    list: ['kv', 'prefix'],
    incr: ['kv', 'key', 'by'],
    expire: ['kv', 'key', 'ttl'],
    flush: ['kv'],
    close: ['kv'],
    agent_kv_store: ['kv', 'agent_name', 'key', 'value'],
    agent_kv_query: ['kv', 'agent_name', 'key'],
    agent_kv_context: ['kv', 'agent_name'],
  },
};
