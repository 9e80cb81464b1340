/**
 * `agent A uses std.fs, std.time { ... }`: the standard library functions a model may call,
 * described for function calling. Each namespace module lists its tool entries (namespace.ts):
 * the std function, what it does and its positional parameters with their types, so the
 * model's named arguments can be passed on in order. `uses` naming a namespace without entries
 * stops the program when the agent is declared, rather than giving the model fewer tools than
 * written.
 *
 * The tools of `std.db` and `std.kv` work on the program's declared handles: a model cannot
 * hold a handle (and must not choose a URL, which would let it reach any database or store
 * the machine can), so their first parameter is the name a handle was declared under.
 */
import { LoomError } from '../../errors.js';
import { bindTool } from '../agents/tools.js';
import type { ToolParameter } from '../agents/tools.js';
import type { ToolBinding } from '../agents/tools.js';
import type { ResourceHandle } from '../core/resource-handle.js';
import { unsupported } from '../core/script-error.js';
import { describe } from '../core/values.js';
import { withToolSignal } from '../infra/tool-signal.js';
import { stdNamespace } from './index.js';
import type { StdFunctions } from './namespace.js';

/** The handles of one namespace a program declared (`db app = connect(...)`), found by name when a tool runs. */
export interface DeclaredHandles {
  /** The declared names, as the tool's description lists them. */
  readonly names: readonly string[];
  /** The handle declared as `name`, once its declaration has run. */
  readonly find: (name: string) => ResourceHandle | undefined;
}

const NO_HANDLES: DeclaredHandles = { names: [], find: () => undefined };

/**
 * The tools of `uses std.<namespace>`, calling the functions of `functions` (the runtime's
 * std namespace object). Tool names are `std_<namespace>_<function>`, as providers allow
 * only letters, digits, `_` and `-`. The std function runs with the tool call's signal, so
 * a request or command stops when `tool_timeout` fires.
 */
export function stdTools(namespace: string, functions: StdFunctions, handles: DeclaredHandles = NO_HANDLES): ToolBinding[] {
  const module = stdNamespace(namespace);
  const entries = module?.tools;
  if (entries === undefined) return unsupported(`agent tools of std.${namespace}`);
  const handleParameter = module?.toolHandle;
  return Object.entries(entries).flatMap(([name, entry]) => {
    if (entry === undefined) return [];
    const toolName = `std_${namespace}_${name}`;
    const parameters: Record<string, ToolParameter> = Object.fromEntries(
      Object.entries(entry.parameters).map(([parameter, type]) => [parameter, { type: { name: type } }]),
    );
    if (handleParameter !== undefined) parameters[handleParameter] = { type: { name: 'str' }, description: handleDescription(namespace, handles.names) };
    return bindTool({ name: toolName, description: entry.description, parameters }, (args, signal) =>
      withToolSignal(signal, () =>
        functions[name](
          ...Object.keys(entry.parameters).map((parameter) =>
            parameter === handleParameter ? declaredHandle(toolName, namespace, handles, args[parameter]) : args[parameter],
          ),
        ),
      ),
    );
  });
}

/** The handle parameter as the model reads it: a string whose description lists the declared names. */
function handleDescription(namespace: string, names: readonly string[]): string {
  const listed = names.map((name) => `"${name}"`).join(', ');
  return `The name of the ${namespace} handle to use, one of: ${listed}`;
}

/** The declared handle the model named; another name is an E102 listing the declared ones, so the model can correct itself. */
function declaredHandle(tool: string, namespace: string, handles: DeclaredHandles, name: unknown): ResourceHandle {
  const handle = typeof name === 'string' && handles.names.includes(name) ? handles.find(name) : undefined;
  if (handle !== undefined) return handle;
  const declared = handles.names.length === 0 ? 'the program declares none' : `the program declares ${handles.names.map((declaredName) => `'${declaredName}'`).join(', ')}`;
  const given = typeof name === 'string' ? `'${name}'` : describe(name ?? null);
  throw new LoomError('E102', `tool '${tool}': ${given} is not a declared ${namespace} handle (${declared})`);
}
