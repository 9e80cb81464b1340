/**
 * `std.template`: rendering template text held in a value or a file, with the same engine,
 * filters and errors (E801, E802) as `template"""..."""`. The Nexa reference calls these
 * functions with named arguments (`render(template_str: ..., data: ...)`), bound by the
 * parameter names below; positional calls work too. Files are read relative to the project
 * root and confined to it as std.fs is; as in Nexa, a path without its file's extension finds
 * `.html`, `.tpl`, `.nx` or `.txt`. `compile(path)` checks the template now and gives a value
 * `render_compiled` renders, reading the file again when it changed since. `agent_prompt`
 * fills in `agent_name`, `agent_desc` (its role, else its description) and `agent_tools` of an
 * agent beside the data given. The agent template registry (`agent_slot_fill`,
 * `agent_register`) is not run: the checker refuses those (language/std-library.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { LoomError } from '../../errors.js';
import { compileTemplate } from '../../language/template/compile.js';
import { isTemplateFilterName } from '../../language/template/filter-names.js';
import { fail } from '../core/script-error.js';
import { renderTemplate } from '../core/template.js';
import { AuthoredOutput, FILTERS } from '../core/template-filters.js';
import { describe, isDict, StructValue } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';
import { FileConfinement } from './fs-confinement.js';

/** The extensions Nexa tries after a template path that names no file as written. */
const TEMPLATE_EXTENSIONS = ['', '.html', '.tpl', '.nx', '.txt'];

/** What `compile(path)` gives: the template's file, read again by `render_compiled` when it changed. */
export class CompiledTemplate {
  constructor(readonly path: string, private readonly file: string, private body: string, private modified: number) {}

  current(): string {
    const modified = statSync(this.file).mtimeMs;
    if (modified !== this.modified) {
      this.body = checkedTemplate(readFileSync(this.file, 'utf8'));
      this.modified = modified;
    }
    return this.body;
  }

  loomDisplay(): string {
    return `Template(${this.path})`;
  }
}

/** The template text, after the engine has read it: a syntax error is raised here (E801). */
function checkedTemplate(body: string): string {
  compileTemplate(body);
  return body;
}

/** An agent value, as far as agent_prompt reads it (host/agent-handle.ts). */
interface TemplateAgent {
  templateFields(): Readonly<Record<string, unknown>>;
}

function isTemplateAgent(value: unknown): value is TemplateAgent {
  return typeof value === 'object' && value !== null && typeof (value as Partial<TemplateAgent>).templateFields === 'function';
}

function templateData(value: unknown): Readonly<Record<string, unknown>> {
  if (value === undefined || value === null) return {};
  if (value instanceof StructValue) return value.fields;
  return isDict(value) ? value : fail(`std.template.render needs its data as a dict, got ${describe(value)}`);
}

function render(body: unknown, data: unknown): string {
  return renderTemplate(text(body, 'the template'), templateData(data));
}

/** One filter on one value, as in `{{value | filter(args)}}`, without the HTML escaping of an output. */
function filterApply(value: unknown, filter: unknown, ...rest: unknown[]): unknown {
  const name = text(filter, 'the filter name');
  if (!isTemplateFilterName(name)) throw new LoomError('E801', `template: unknown filter '${name}'`);
  // `args: [a, b]` by name arrives as one list; by position the filter arguments follow one by one.
  const filterArguments = rest.length === 1 && Array.isArray(rest[0]) ? rest[0] : rest;
  const result = FILTERS[name](value, ...filterArguments.filter((argument) => argument !== undefined));
  return result instanceof AuthoredOutput ? result.value : result;
}

function createTemplate(confinement: FileConfinement): StdFunctionsOf<'template'> {
  const find = (path: unknown): { path: string; file: string } => {
    const written = text(path, 'the template path');
    for (const extension of TEMPLATE_EXTENSIONS) {
      const file = confinement.resolve(written + extension);
      try {
        if (statSync(file).isFile()) return { path: written, file };
      } catch {
        // not there with this extension: try the next
      }
    }
    return fail(`std.template: template file '${written}' not found (also tried ${TEMPLATE_EXTENSIONS.slice(1).join(', ')})`);
  };
  return {
    render,
    filter_apply: filterApply,
    template: (path, data) => render(readFileSync(find(path).file, 'utf8'), data),
    compile: (path) => {
      const { path: written, file } = find(path);
      return new CompiledTemplate(written, file, checkedTemplate(readFileSync(file, 'utf8')), statSync(file).mtimeMs);
    },
    render_compiled: (compiled, data) => {
      if (!(compiled instanceof CompiledTemplate)) return fail(`std.template.render_compiled needs what compile() gave, got ${describe(compiled)}`);
      return render(compiled.current(), data);
    },
    agent_prompt: (agent, template, context) => {
      if (!isTemplateAgent(agent)) return fail(`std.template.agent_prompt needs an agent, got ${describe(agent)}`);
      return renderTemplate(text(template, 'the template'), { ...agent.templateFields(), ...templateData(context) });
    },
  };
}

export const templateNamespace: StdNamespace<'template'> = {
  create: (env, services) => createTemplate(new FileConfinement(services.projectRoot, env)),
  parameters: {
    render: ['template_str', 'data'],
    filter_apply: ['value', 'filter', 'args'],
    template: ['path', 'data'],
    compile: ['path'],
    render_compiled: ['compiled', 'data'],
    agent_prompt: ['agent', 'template', 'context'],
  },
  tools: {
    render: { description: 'Render template text ({{name}}, filters, {{#for}}, {{#if}}) with data', parameters: { template_str: 'string', data: 'dict' } },
  },
};
