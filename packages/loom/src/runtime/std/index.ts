/**
 * The `std.*` namespaces, with the function names of the Nexa standard library reference:
 * one file each, registered here with one line. std.shell is off unless LOOM_ALLOW_SHELL=1.
 * Which functions each provides is the shared table's (language/std-library.ts), which the
 * checker reads too. Namespaces of the reference Loom does not run (ask_human, pipe, ...) are
 * refused by the checker; reached dynamically they are present but raise a clear "not
 * supported" error when called (unsupported.ts).
 */
import { STD_NAMESPACES_NOT_RUN } from '../../language/std-library.js';
import type { StdNamespaceName } from '../../language/std-library.js';
import { askHumanNamespace } from './ask-human.js';
import { authNamespace } from './auth.js';
import { dbNamespace } from './db.js';
import { envNamespace } from './env.js';
import { fsNamespace } from './fs.js';
import { hashNamespace } from './hash.js';
import { httpNamespace } from './http.js';
import { jsonNamespace } from './json.js';
import { kvNamespace } from './kv.js';
import { mathNamespace } from './math.js';
import type { StdFunctions, StdModule, StdNamespace, StdServices } from './namespace.js';
import { concurrentNamespace } from './concurrent.js';
import { regexNamespace } from './regex.js';
import { shellNamespace } from './shell.js';
import { templateNamespace } from './template.js';
import { textNamespace } from './text.js';
import { timeNamespace } from './time.js';
import { uiNamespace } from './ui.js';
import { unsupportedNamespace } from './unsupported.js';

/** `std.NAME` → its module. */
const STD_LIBRARY: { readonly [N in StdNamespaceName]: StdNamespace<N> } = {
  json: jsonNamespace,
  fs: fsNamespace,
  time: timeNamespace,
  math: mathNamespace,
  text: textNamespace,
  string: textNamespace,
  regex: regexNamespace,
  hash: hashNamespace,
  http: httpNamespace,
  shell: shellNamespace,
  template: templateNamespace,
  kv: kvNamespace,
  db: dbNamespace,
  auth: authNamespace,
  env: envNamespace,
  concurrent: concurrentNamespace,
  ask_human: askHumanNamespace,
  ui: uiNamespace,
};

/** The registered namespace `name`, if Loom runs it. */
export function stdNamespace(name: string): StdModule | undefined {
  return Object.hasOwn(STD_LIBRARY, name) ? STD_LIBRARY[name as StdNamespaceName] : undefined;
}

/** `env` is the program's environment: std.shell reads its opt-in and PATH there. */
export function createStd(env: NodeJS.ProcessEnv, services: StdServices): Readonly<Record<string, StdFunctions>> {
  const modules: Readonly<Record<string, StdModule>> = STD_LIBRARY;
  const std: Record<string, StdFunctions> = Object.fromEntries(Object.entries(modules).map(([name, namespace]) => [name, namespace.create(env, services)]));
  for (const name of STD_NAMESPACES_NOT_RUN) std[name] = unsupportedNamespace(name);
  return std;
}
