/**
 * The file- and agent-based functions of `std.template`, rendered by the same engine as
 * `template"""..."""`:
 *
 * - `template(path, data)` reads a template file and renders it; `compile(path)` reads and
 *   checks one (E801 for a malformed template) and gives a handle `{template_id, path}` that
 *   `render_compiled(compiled, data)` renders, reading the file again only when it changed.
 *   Paths are the project's, confined like std.fs; a path without the file tries the
 *   extensions the Nexa docs use (`.nxt`, `.html`, `.tpl`, `.txt`).
 * - `agent_prompt(agent, template, context)` renders with the agent's attributes —
 *   `agent_name`, `agent_desc` (its role, else description), `agent_tools` (its tool names) —
 *   and the context over them; `agent_register(agent, template, name)` keeps a template for an
 *   agent (under `name`, by default the agent's own name) for this run, and
 *   `agent_slot_fill(agent, slots, template)` fills the slots into `template`, or into the
 *   template registered for the agent, again over the agent's attributes.
 */
import { readFileSync, statSync } from 'node:fs';
import { compileTemplate } from '../../language/template/compile.js';
import { fail } from '../core/script-error.js';
import { renderTemplate } from '../core/template.js';
import { describe, isDict, StructValue } from '../core/values.js';
import type { AgentSpec } from '../agents/spec.js';
import { text } from './arguments.js';
import type { FileConfinement } from './fs-confinement.js';

/** Tried in order after the path as written, when no file has that exact name. */
const TEMPLATE_EXTENSIONS: readonly string[] = ['.nxt', '.html', '.tpl', '.txt'];

type Data = Readonly<Record<string, unknown>>;

export function templateData(value: unknown, what: string): Data {
  if (value === undefined || value === null) return {};
  if (value instanceof StructValue) return value.fields;
  return isDict(value) ? value : fail(`${what} needs its data as a dict, got ${describe(value)}`);
}

interface CompiledFile {
  readonly file: string;
  body: string;
  /** Modification time and size when it was read: a change of either reads the file again. */
  version: string;
}

function versionOf(file: string): string {
  const stats = statSync(file);
  return `${stats.mtimeMs}:${stats.size}`;
}

interface RegisteredTemplate {
  readonly agentName: string;
  readonly body: string;
}

/** An agent value's attributes: the runtime's agents carry their declaration as `spec`. */
function agentAttributes(agent: unknown, what: string): { agent_name: string; agent_desc: string; agent_tools: string[] } {
  const spec = typeof agent === 'object' && agent !== null && 'spec' in agent ? (agent as { spec: AgentSpec }).spec : undefined;
  if (spec === undefined || typeof spec.name !== 'string') return fail(`${what} needs an agent, got ${describe(agent)}`);
  return { agent_name: spec.name, agent_desc: spec.role ?? spec.description ?? '', agent_tools: (spec.tools ?? []).map((tool) => tool.name) };
}

export function createTemplateFiles(confinement: FileConfinement): Record<'template' | 'compile' | 'render_compiled' | 'agent_prompt' | 'agent_slot_fill' | 'agent_register', (...args: unknown[]) => unknown> {
  const compiled: CompiledFile[] = [];
  const registered = new Map<string, RegisteredTemplate>();

  const locate = (path: unknown): string => {
    const written = text(path, 'the template path');
    for (const candidate of [written, ...TEMPLATE_EXTENSIONS.map((extension) => written + extension)]) {
      const file = confinement.resolve(candidate);
      try {
        if (statSync(file).isFile()) return file;
      } catch {
        // Not there: try the next extension.
      }
    }
    return fail(`template file not found: '${written}' (also tried ${TEMPLATE_EXTENSIONS.join(', ')})`);
  };
  const read = (file: string): CompiledFile => {
    // The version first: a write after it is then seen as a change by the next render.
    const version = versionOf(file);
    const body = readFileSync(file, 'utf8');
    compileTemplate(body);
    return { file, body, version };
  };

  return {
    template: (path, data) => renderTemplate(read(locate(path)).body, templateData(data, 'std.template.template')),
    compile: (path) => {
      const entry = read(locate(path));
      compiled.push(entry);
      return { template_id: compiled.length, path: text(path, 'the template path') };
    },
    render_compiled: (handle, data) => {
      const id = isDict(handle) ? handle['template_id'] : undefined;
      const entry = typeof id === 'number' ? compiled[id - 1] : undefined;
      if (entry === undefined) return fail(`render_compiled needs a handle that std.template.compile gave, got ${describe(handle)}`);
      if (versionOf(entry.file) !== entry.version) Object.assign(entry, read(entry.file));
      return renderTemplate(entry.body, templateData(data, 'std.template.render_compiled'));
    },
    agent_prompt: (agent, template, context) =>
      renderTemplate(text(template, 'the template'), { ...agentAttributes(agent, 'agent_prompt'), ...templateData(context, 'std.template.agent_prompt') }),
    agent_register: (agent, template, name) => {
      const attributes = agentAttributes(agent, 'agent_register');
      const body = text(template, 'the template');
      compileTemplate(body);
      const key = name === undefined || name === null ? attributes.agent_name : text(name, 'the template name');
      registered.set(key, { agentName: attributes.agent_name, body });
      return { name: key, agent_name: attributes.agent_name, status: 'registered' };
    },
    agent_slot_fill: (agent, slots, template) => {
      const attributes = agentAttributes(agent, 'agent_slot_fill');
      const body = template === undefined || template === null
        ? (registered.get(attributes.agent_name) ?? [...registered.values()].findLast((entry) => entry.agentName === attributes.agent_name))?.body
        : text(template, 'the template');
      if (body === undefined) return fail(`agent_slot_fill: no template given and none registered for agent ${attributes.agent_name} (std.template.agent_register)`);
      return renderTemplate(body, { ...attributes, ...templateData(slots, 'std.template.agent_slot_fill') });
    },
  };
}
