/**
 * `agent A uses std.fs, std.time { ... }`: the standard library functions a model may call,
 * described for function calling. Each namespace module lists its tool entries (namespace.ts):
 * the std function, what it does and its positional parameters with their types, so the
 * model's named arguments can be passed on in order. `uses` naming a namespace without entries
 * (db, kv, ...) stops the program when the agent is declared, rather than giving the model
 * fewer tools than written.
 */
import { bindTool } from '../agents/tools.js';
import type { ToolBinding } from '../agents/tools.js';
import { unsupported } from '../core/script-error.js';
import { withToolSignal } from '../infra/tool-signal.js';
import { stdNamespace } from './index.js';
import type { StdFunctions } from './namespace.js';

/**
 * The tools of `uses std.<namespace>`, calling the functions of `functions` (the runtime's
 * std namespace object). Tool names are `std_<namespace>_<function>`, as providers allow
 * only letters, digits, `_` and `-`. The std function runs with the tool call's signal, so
 * a request or command stops when `tool_timeout` fires.
 */
export function stdTools(namespace: string, functions: StdFunctions): ToolBinding[] {
  const entries = stdNamespace(namespace)?.tools;
  if (entries === undefined) return unsupported(`agent tools of std.${namespace}`);
  return Object.entries(entries).map(([name, entry]) =>
    bindTool(
      { name: `std_${namespace}_${name}`, description: entry.description, parameters: entry.parameters },
      (args, signal) => withToolSignal(signal, () => functions[name](...Object.keys(entry.parameters).map((parameter) => args[parameter]))),
    ),
  );
}
