/**
 * Rendering `template"""..."""` bodies with their data. The compiler
 * (language/template/compile.ts) reads a body once and caches it; here its nodes meet values:
 * outputs are HTML-escaped unless raw (text a filter inserts from its arguments is the
 * template author's and is not), `{{#for}}` exposes `@index`, `@index1`, `@first`,
 * `@last`, `@length`, `@even`, `@odd`, and a partial's template text comes from a variable.
 * A variable the data lacks is E802 unless a `default(...)` filter supplies it.
 */
import { LoomError } from '../../errors.js';
import type { Comparison, Operand, TemplateNode } from '../../language/template/ast.js';
import { compileTemplate } from '../../language/template/compile.js';
import { asList, AuthoredOutput, escapeHtml, FILTERS, MISSING } from './template-filters.js';
import { display, equals, isDict, StructValue, truthy } from './values.js';

type Data = Readonly<Record<string, unknown>>;

class Scope {
  constructor(
    private readonly variables: Data,
    private readonly parent: Scope | null,
  ) {}

  lookup(name: string): unknown {
    if (Object.hasOwn(this.variables, name)) return this.variables[name];
    return this.parent === null ? MISSING : this.parent.lookup(name);
  }
}

function step(value: unknown, key: string | number): unknown {
  if (value instanceof StructValue) value = value.fields;
  if (typeof key === 'number') return Array.isArray(value) && key < value.length ? value[key] : MISSING;
  return isDict(value) && Object.hasOwn(value, key) ? value[key] : MISSING;
}

function resolve(operand: Operand, scope: Scope): unknown {
  if ('literal' in operand) return operand.literal;
  let value = scope.lookup(String(operand.path[0]));
  for (const key of operand.path.slice(1)) {
    if (value === MISSING) break;
    value = step(value, key);
  }
  return value;
}

function pathText(operand: Operand): string {
  return 'path' in operand ? operand.path.map((key, position) => (typeof key === 'number' ? `[${key}]` : position === 0 ? key : `.${key}`)).join('') : '';
}

function required(operand: Operand, scope: Scope): unknown {
  const value = resolve(operand, scope);
  if (value === MISSING) throw new LoomError('E802', `template variable '${pathText(operand)}' is not defined; pass it or add '| default(...)'`);
  return value;
}

function compare(comparison: Comparison, scope: Scope): boolean {
  const left = required(comparison.left, scope);
  let outcome: boolean;
  if (comparison.operator === null || comparison.right === null) outcome = truthy(left);
  else {
    const right = required(comparison.right, scope);
    switch (comparison.operator) {
      case '==': outcome = equals(left, right); break;
      case '!=': outcome = !equals(left, right); break;
      case '<': outcome = (left as number) < (right as number); break;
      case '<=': outcome = (left as number) <= (right as number); break;
      case '>': outcome = (left as number) > (right as number); break;
      case '>=': outcome = (left as number) >= (right as number); break;
    }
  }
  return comparison.negated ? !outcome : outcome;
}

function renderNodes(nodes: readonly TemplateNode[], scope: Scope, out: string[]): void {
  for (const node of nodes) {
    switch (node.kind) {
      case 'text':
        out.push(node.text);
        break;
      case 'output': {
        let value = resolve(node.operand, scope);
        const hasDefault = node.filters.some((filter) => filter.name === 'default');
        if (value === MISSING && !hasDefault) required(node.operand, scope);
        for (const filter of node.filters) value = FILTERS[filter.name](value instanceof AuthoredOutput ? value.value : value, ...filter.args);
        if (value instanceof AuthoredOutput && !node.raw) out.push(value.html);
        else {
          const plain = value instanceof AuthoredOutput ? value.value : value;
          const text = plain === MISSING ? '' : display(plain);
          out.push(node.raw ? text : escapeHtml(text));
        }
        break;
      }
      case 'for': {
        const items = asList(required(node.iterable, scope));
        if (items.length === 0) renderNodes(node.empty, scope, out);
        items.forEach((item, position) => {
          const meta = {
            [node.variable]: item, '@index': position, '@index1': position + 1, '@first': position === 0,
            '@last': position === items.length - 1, '@length': items.length, '@even': position % 2 === 0, '@odd': position % 2 === 1,
          };
          renderNodes(node.body, new Scope(meta, scope), out);
        });
        break;
      }
      case 'if': {
        const branch = node.branches.find((candidate) => candidate.condition.any.some((all) => all.every((comparison) => compare(comparison, scope))));
        renderNodes(branch?.body ?? node.otherwise, scope, out);
        break;
      }
      case 'partial': {
        const partial = required({ path: [node.name] }, scope);
        if (typeof partial !== 'string') throw new LoomError('E802', `partial '${node.name}' must hold template text`);
        const data = node.data === null ? scope : new Scope(toData(required(node.data, scope)), null);
        renderNodes(compileTemplate(partial).nodes, data, out);
        break;
      }
    }
  }
}

function toData(value: unknown): Data {
  if (value instanceof StructValue) return value.fields;
  return isDict(value) ? value : { this: value };
}

/** Renders `body` with `data`; E801 when it does not compile, E802 for a missing variable. */
export function renderTemplate(body: string, data: Data): string {
  const out: string[] = [];
  renderNodes(compileTemplate(body).nodes, new Scope(data, null), out);
  return out.join('');
}
