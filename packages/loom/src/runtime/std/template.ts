/**
 * `std.template`: rendering template text held in a value, with the same engine, filters and
 * errors (E801, E802) as `template"""..."""`. The Nexa reference calls these functions with
 * named arguments (`render(template_str: ..., data: ...)`), which reach a std function as one
 * trailing dict; positional calls work too. Its file- and agent-based functions (`compile`,
 * `render_compiled`, `agent_prompt`, ...) are not run yet and say so.
 */
import { LoomError } from '../../errors.js';
import { isTemplateFilterName } from '../../language/template/filter-names.js';
import { fail } from '../core/script-error.js';
import { renderTemplate } from '../core/template.js';
import { AuthoredOutput, FILTERS } from '../core/template-filters.js';
import { describe, isDict, StructValue } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctions, StdNamespace } from './namespace.js';

/**
 * The arguments of a call by name or by position: `names` in parameter order. A lone dict
 * holding the first parameter's name is a call by name.
 */
function argumentsOf(args: readonly unknown[], names: readonly string[]): unknown[] {
  const [only] = args;
  if (args.length === 1 && isDict(only) && Object.hasOwn(only, names[0])) {
    const unknown = Object.keys(only).filter((name) => !names.includes(name));
    if (unknown.length > 0) return fail(`std.template has no parameter '${unknown[0]}'; it takes ${names.join(', ')}`);
    return names.map((name) => only[name]);
  }
  return [...args];
}

function templateData(value: unknown): Readonly<Record<string, unknown>> {
  if (value === undefined || value === null) return {};
  if (value instanceof StructValue) return value.fields;
  return isDict(value) ? value : fail(`std.template.render needs its data as a dict, got ${describe(value)}`);
}

function render(...args: unknown[]): string {
  const [body, data] = argumentsOf(args, ['template_str', 'data']);
  return renderTemplate(text(body, 'the template'), templateData(data));
}

/** One filter on one value, as in `{{value | filter(args)}}`, without the HTML escaping of an output. */
function filterApply(...args: unknown[]): unknown {
  const [value, filter, ...rest] = argumentsOf(args, ['value', 'filter', 'args']);
  const name = text(filter, 'the filter name');
  if (!isTemplateFilterName(name)) throw new LoomError('E801', `template: unknown filter '${name}'`);
  const filterArguments = rest.length === 1 && Array.isArray(rest[0]) && isDict(args[0]) ? rest[0] : rest;
  const result = FILTERS[name](value, ...filterArguments.filter((argument) => argument !== undefined));
  return result instanceof AuthoredOutput ? result.value : result;
}

const NOT_RUN_YET = ['template', 'compile', 'render_compiled', 'agent_prompt', 'agent_slot_fill', 'agent_register'] as const;

const templateFunctions: StdFunctions = {
  render,
  filter_apply: filterApply,
  ...Object.fromEntries(NOT_RUN_YET.map((name) => [name, () => fail(`std.template.${name}: not supported yet by loom run`)])),
};

export const templateNamespace: StdNamespace = {
  create: () => templateFunctions,
  tools: {
    render: { description: 'Render template text ({{name}}, filters, {{#for}}, {{#if}}) with data', parameters: { template_str: 'string', data: 'dict' } },
  },
};
