/**
 * `std.env`: the program's environment, read-only. `get(name, default?)` gives a variable's
 * value; `has(name)` whether it is set; `names()` the names, never the values. A variable whose
 * name marks it as a credential (`*_API_KEY`, `*_TOKEN`, `*_SECRET`, `*PASSWORD*`, ...) is never
 * handed out: `get` refuses it (E105) and points at `secret("NAME")`, which reads secrets.nxs
 * and the environment explicitly — so a program or a model calling `std_env_get` cannot print a
 * key by accident.
 */
import { fail } from '../core/script-error.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

const CREDENTIAL_NAME = /(^|_)(API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|CREDENTIALS?|PRIVATE)(_|$)/i;

export function isCredentialName(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}

function createEnv(env: NodeJS.ProcessEnv): StdFunctionsOf<'env'> {
  return {
    get: (name, fallback) => {
      const key = text(name, 'the variable name');
      if (isCredentialName(key)) return fail(`std.env: '${key}' holds a credential and is not given out; read it with secret("${key}")`);
      return env[key] ?? fallback ?? null;
    },
    has: (name) => env[text(name, 'the variable name')] !== undefined,
    names: () => Object.keys(env).sort(),
  };
}

export const envNamespace: StdNamespace<'env'> = {
  create: (env) => createEnv(env),
  tools: {
    get: { description: 'Read an environment variable (credentials are never given out)', parameters: { name: 'string', default: 'string' } },
    has: { description: 'Whether an environment variable is set', parameters: { name: 'string' } },
  },
  parameters: { get: ['name', 'default'], has: ['name'], names: [] },
};
