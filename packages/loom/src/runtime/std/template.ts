/**
 * `std.template`: rendering template text held in a value, with the same engine, filters and
 * errors (E801, E802) as `template"""..."""`. The Nexa reference calls these functions with
 * named arguments (`render(template_str: ..., data: ...)`), bound by the parameter names below;
 * positional calls work too. Its file- and agent-based functions (`template`, `compile`,
 * `render_compiled`, `agent_prompt`, ...) are in template-files.ts.
 */
import { LoomError } from '../../errors.js';
import { isTemplateFilterName } from '../../language/template/filter-names.js';
import { renderTemplate } from '../core/template.js';
import { AuthoredOutput, FILTERS } from '../core/template-filters.js';
import { text } from './arguments.js';
import { FileConfinement } from './fs-confinement.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';
import { createTemplateFiles, templateData } from './template-files.js';

function render(body: unknown, data: unknown): string {
  return renderTemplate(text(body, 'the template'), templateData(data, 'std.template.render'));
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
  return { render, filter_apply: filterApply, ...createTemplateFiles(confinement) };
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
    agent_slot_fill: ['agent', 'slots', 'template'],
    agent_register: ['agent', 'template', 'name'],
  },
  tools: {
    render: { description: 'Render template text ({{name}}, filters, {{#for}}, {{#if}}) with data', parameters: { template_str: 'string', data: 'dict' } },
  },
};
