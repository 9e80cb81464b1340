/**
 * `template"""..."""` bodies: `{{path | filter(args)}}` (HTML-escaped), `{{{path}}}` (raw),
 * `{{#for x in items}}...{{#empty}}...{{/for}}` with `@index`, `@index1`, `@first`, `@last`,
 * `@length`, `@even`, `@odd`, `{{#if c}}...{{#elif c}}...{{#else}}...{{/if}}` and partials
 * `{{> name data}}` (the variable `name` holds the partial's template text). A malformed body
 * is E801 when compiled; a variable the data lacks is E802 unless a `default(...)` filter
 * supplies it. Compiled templates are cached by body.
 */
import { LoomError } from '../errors.js';
import { asList, escapeHtml, FILTERS, MISSING } from './template-filters.js';
import { display, equals, isDict, StructValue, truthy } from './values.js';

type Data = Readonly<Record<string, unknown>>;

interface Filter {
  readonly name: string;
  readonly args: readonly unknown[];
}

/** A variable path (`user.name`, `items[0]`, `@index`) or a literal in a condition. */
type Operand = { readonly path: readonly (string | number)[] } | { readonly literal: unknown };

interface Comparison {
  readonly left: Operand;
  readonly operator: '==' | '!=' | '<' | '<=' | '>' | '>=' | null;
  readonly right: Operand | null;
  readonly negated: boolean;
}

type Condition = { readonly any: readonly (readonly Comparison[])[] };

type TemplateNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'output'; readonly operand: Operand; readonly filters: readonly Filter[]; readonly raw: boolean }
  | { readonly kind: 'for'; readonly variable: string; readonly iterable: Operand; readonly body: readonly TemplateNode[]; readonly empty: readonly TemplateNode[] }
  | { readonly kind: 'if'; readonly branches: readonly { readonly condition: Condition; readonly body: readonly TemplateNode[] }[]; readonly otherwise: readonly TemplateNode[] }
  | { readonly kind: 'partial'; readonly name: string; readonly data: Operand | null };

export interface CompiledTemplate {
  readonly nodes: readonly TemplateNode[];
  /** Variables the template reads from its data (not loop variables or `@` metadata). */
  readonly rootNames: readonly string[];
}

function compileError(message: string): LoomError {
  return new LoomError('E801', `template: ${message}`);
}

const TAG = /\{\{\{([\s\S]*?)\}\}\}|\{\{([\s\S]*?)\}\}/g;

type Token = { readonly text: string } | { readonly tag: string; readonly raw: boolean };

function tokenize(body: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of body.matchAll(TAG)) {
    if (match.index > last) tokens.push({ text: body.slice(last, match.index) });
    tokens.push(match[1] !== undefined ? { tag: match[1].trim(), raw: true } : { tag: match[2].trim(), raw: false });
    last = match.index + match[0].length;
  }
  const rest = body.slice(last);
  if (rest.includes('{{')) throw compileError(`'{{' at offset ${last + rest.indexOf('{{')} is never closed with '}}'`);
  if (rest !== '') tokens.push({ text: rest });
  return tokens;
}

const PATH_PART = /^(@?[A-Za-z_][\w]*)((?:\.[A-Za-z_]\w*|\[\d+\])*)$/;

function parsePath(text: string): readonly (string | number)[] {
  const match = PATH_PART.exec(text);
  if (match === null) throw compileError(`'${text}' is not a variable name or path`);
  const [, head, tail] = match;
  const parts: (string | number)[] = [head];
  for (const step of tail.matchAll(/\.(\w+)|\[(\d+)\]/g)) parts.push(step[1] ?? Number(step[2]));
  return parts;
}

function parseLiteral(text: string): { literal: unknown } | undefined {
  if (/^(['"]).*\1$/s.test(text)) return { literal: text.slice(1, -1) };
  if (/^-?\d+(\.\d+)?$/.test(text)) return { literal: Number(text) };
  if (text === 'true' || text === 'false') return { literal: text === 'true' };
  if (text === 'null' || text === 'none') return { literal: null };
  return undefined;
}

function parseOperand(text: string): Operand {
  return parseLiteral(text) ?? { path: parsePath(text) };
}

const COMPARISON = /^(.+?)\s*(==|!=|<=|>=|<|>)\s*(.+)$/;

function parseComparison(text: string): Comparison {
  const negated = /^not\s+/.test(text);
  const body = negated ? text.replace(/^not\s+/, '') : text;
  const match = COMPARISON.exec(body);
  if (match === null) return { left: parseOperand(body.trim()), operator: null, right: null, negated };
  return { left: parseOperand(match[1].trim()), operator: match[2] as Comparison['operator'], right: parseOperand(match[3].trim()), negated };
}

function parseCondition(text: string): Condition {
  if (text === '') throw compileError('a condition is missing');
  return { any: text.split(/\s+or\s+/).map((alternative) => alternative.split(/\s+and\s+/).map((part) => parseComparison(part.trim()))) };
}

function splitFilters(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const character of text) {
    if (quote !== null) {
      if (character === quote) quote = null;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === '(') depth += 1;
    else if (character === ')') depth -= 1;
    else if (character === '|' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += character;
  }
  parts.push(current.trim());
  return parts;
}

function parseFilter(text: string): Filter {
  const match = /^(\w+)\s*(?:\((.*)\))?$/s.exec(text);
  if (match === null) throw compileError(`'${text}' is not a filter`);
  const [, name, argumentText] = match;
  if (!Object.hasOwn(FILTERS, name)) throw compileError(`unknown filter '${name}'`);
  const args = argumentText === undefined || argumentText.trim() === '' ? [] : argumentText.split(',').map((arg) => {
    const trimmed = arg.trim();
    // A bare word is text, as in `default(Untitled)`.
    return (parseLiteral(trimmed) ?? { literal: trimmed }).literal;
  });
  return { name, args };
}

function parseOutput(tag: string, raw: boolean): TemplateNode {
  const [operandText, ...filterTexts] = splitFilters(tag);
  const filters = filterTexts.map(parseFilter);
  return { kind: 'output', operand: parseOperand(operandText), filters, raw: raw || filters.some((filter) => filter.name === 'raw' || filter.name === 'safe') };
}

interface OpenBlock {
  readonly keyword: 'for' | 'if';
  readonly close: (nodes: readonly TemplateNode[]) => TemplateNode;
  /** Where `{{#empty}}`/`{{#elif}}`/`{{#else}}` start a new section. */
  readonly section: (keyword: string, argument: string, nodes: readonly TemplateNode[]) => void;
}

function parse(tokens: readonly Token[]): TemplateNode[] {
  const stack: { block: OpenBlock | null; nodes: TemplateNode[] }[] = [{ block: null, nodes: [] }];
  const top = () => stack[stack.length - 1];
  for (const token of tokens) {
    if ('text' in token) {
      top().nodes.push({ kind: 'text', text: token.text });
      continue;
    }
    const { tag } = token;
    if (tag.startsWith('#')) {
      const [keyword, ...rest] = tag.slice(1).split(/\s+/);
      const argument = rest.join(' ');
      if (keyword === 'for') stack.push({ block: forBlock(argument), nodes: [] });
      else if (keyword === 'if') stack.push({ block: ifBlock(argument), nodes: [] });
      else if (keyword === 'empty' || keyword === 'elif' || keyword === 'else') {
        const frame = top();
        if (frame.block === null) throw compileError(`'{{#${keyword}}}' outside a block`);
        frame.block.section(keyword, argument, frame.nodes);
        frame.nodes = [];
      } else throw compileError(`unknown block '{{#${keyword}}}'`);
    } else if (tag.startsWith('/')) {
      const keyword = tag.slice(1).trim();
      const frame = stack.pop();
      if (frame === undefined || frame.block === null) throw compileError(`'{{/${keyword}}}' closes no block`);
      if (frame.block.keyword !== keyword) throw compileError(`'{{#${frame.block.keyword}}}' is closed by '{{/${keyword}}}'`);
      top().nodes.push(frame.block.close(frame.nodes));
    } else if (tag.startsWith('>')) {
      const [name, dataText] = tag.slice(1).trim().split(/\s+/);
      if (name === undefined || name === '') throw compileError('a partial needs a name');
      top().nodes.push({ kind: 'partial', name, data: dataText === undefined ? null : parseOperand(dataText) });
    } else top().nodes.push(parseOutput(tag, token.raw));
  }
  const unclosed = top().block;
  if (unclosed !== null) throw compileError(`'{{#${unclosed.keyword}}}' is never closed with '{{/${unclosed.keyword}}}'`);
  return top().nodes;
}

function forBlock(argument: string): OpenBlock {
  const match = /^(\w+)\s+in\s+(\S+)$/.exec(argument);
  if (match === null) throw compileError(`'{{#for ${argument}}}' must read '{{#for item in items}}'`);
  let body: readonly TemplateNode[] | null = null;
  return {
    keyword: 'for',
    section(keyword, _argument, nodes) {
      if (keyword !== 'empty' || body !== null) throw compileError(`'{{#${keyword}}}' does not belong in '{{#for}}'`);
      body = nodes;
    },
    close: (nodes) => ({ kind: 'for', variable: match[1], iterable: parseOperand(match[2]), body: body ?? nodes, empty: body === null ? [] : nodes }),
  };
}

function ifBlock(argument: string): OpenBlock {
  const branches: { condition: Condition; body: readonly TemplateNode[] }[] = [];
  let pending: Condition | null = parseCondition(argument);
  return {
    keyword: 'if',
    section(keyword, sectionArgument, nodes) {
      if (pending === null || keyword === 'empty') throw compileError(`'{{#${keyword}}}' does not belong here in '{{#if}}'`);
      branches.push({ condition: pending, body: nodes });
      pending = keyword === 'elif' ? parseCondition(sectionArgument) : null;
    },
    close(nodes) {
      if (pending !== null) return { kind: 'if', branches: [...branches, { condition: pending, body: nodes }], otherwise: [] };
      return { kind: 'if', branches, otherwise: nodes };
    },
  };
}

function collectRootNames(nodes: readonly TemplateNode[], bound: ReadonlySet<string>, into: Set<string>): void {
  const operand = (candidate: Operand | null): void => {
    if (candidate === null || !('path' in candidate)) return;
    const head = String(candidate.path[0]);
    if (!head.startsWith('@') && !bound.has(head)) into.add(head);
  };
  for (const node of nodes) {
    switch (node.kind) {
      case 'output':
        operand(node.operand);
        break;
      case 'for': {
        operand(node.iterable);
        collectRootNames(node.body, new Set([...bound, node.variable]), into);
        collectRootNames(node.empty, bound, into);
        break;
      }
      case 'if':
        for (const branch of node.branches) {
          for (const comparison of branch.condition.any.flat()) {
            operand(comparison.left);
            operand(comparison.right);
          }
          collectRootNames(branch.body, bound, into);
        }
        collectRootNames(node.otherwise, bound, into);
        break;
      case 'partial':
        into.add(node.name);
        operand(node.data);
        break;
      case 'text':
        break;
    }
  }
}

const compiledTemplates = new Map<string, CompiledTemplate>();

export function compileTemplate(body: string): CompiledTemplate {
  const cached = compiledTemplates.get(body);
  if (cached !== undefined) return cached;
  const nodes = parse(tokenize(body));
  const names = new Set<string>();
  collectRootNames(nodes, new Set(), names);
  const compiled = { nodes, rootNames: [...names] };
  compiledTemplates.set(body, compiled);
  return compiled;
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

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
        for (const filter of node.filters) value = FILTERS[filter.name](value, ...filter.args);
        const text = value === MISSING ? '' : display(value);
        out.push(node.raw ? text : escapeHtml(text));
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
