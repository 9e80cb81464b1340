/**
 * The template compiler: a `template"""..."""` body becomes its nodes (ast.ts) and the names
 * of the variables it reads. Tags are `{{path | filter(args)}}` (HTML-escaped), `{{{path}}}`
 * (raw), `{{#for x in items}}...{{#empty}}...{{/for}}`, `{{#if c}}...{{#elif c}}...{{#else}}...{{/if}}`
 * and partials `{{> name data}}`. A malformed body is E801. The code generator compiles a
 * body to learn the variables to pass; the renderer (runtime/core/template.ts) compiles it
 * again when it runs, which the cache by body makes cheap.
 */
import { LoomError } from '../../errors.js';
import type { CompiledTemplate, Comparison, Condition, Filter, Operand, TemplateNode } from './ast.js';
import { isTemplateFilterName } from './filter-names.js';

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

const STRING_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r' };

/**
 * The text of a quoted literal (`"a, b"`, `'it\'s'`), with `\n`, `\t`, `\r` and any other
 * escaped character as itself; undefined when `text` is not exactly one quoted literal.
 */
function quotedText(text: string): string | undefined {
  const quote = text[0];
  if (quote !== '"' && quote !== "'") return undefined;
  let value = '';
  for (let position = 1; position < text.length; position += 1) {
    const character = text[position];
    if (character === '\\' && position + 1 < text.length) {
      position += 1;
      value += STRING_ESCAPES[text[position]] ?? text[position];
    } else if (character === quote) return position === text.length - 1 ? value : undefined;
    else value += character;
  }
  return undefined;
}

function parseLiteral(text: string): { literal: unknown } | undefined {
  const quoted = quotedText(text);
  if (quoted !== undefined) return { literal: quoted };
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

/**
 * Splits `text` at each `separator` outside quotes and parentheses. Quotes are the literals of
 * the template language: a separator, parenthesis or escaped quote inside them is text.
 */
function splitOutside(text: string, separator: '|' | ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let escaped = false;
  let current = '';
  for (const character of text) {
    if (quote !== null) {
      if (escaped) escaped = false;
      else if (character === '\\') escaped = true;
      else if (character === quote) quote = null;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === '(') depth += 1;
    else if (character === ')') depth -= 1;
    else if (character === separator && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += character;
  }
  if (quote !== null) throw compileError(`the quote ${quote} in '${text}' is never closed`);
  parts.push(current.trim());
  return parts;
}

function parseFilter(text: string): Filter {
  const match = /^(\w+)\s*(?:\((.*)\))?$/s.exec(text);
  if (match === null) throw compileError(`'${text}' is not a filter`);
  const [, name, argumentText] = match;
  if (!isTemplateFilterName(name)) throw compileError(`unknown filter '${name}'`);
  const args = argumentText === undefined || argumentText.trim() === '' ? [] : splitOutside(argumentText, ',').map((arg) => {
    if (arg.startsWith('"') || arg.startsWith("'")) {
      const quoted = quotedText(arg);
      if (quoted === undefined) throw compileError(`'${arg}' is not one quoted text; quote each argument on its own`);
      return quoted;
    }
    // A bare word is text, as in `default(Untitled)`.
    return (parseLiteral(arg) ?? { literal: arg }).literal;
  });
  return { name, args };
}

function parseOutput(tag: string, raw: boolean): TemplateNode {
  const [operandText, ...filterTexts] = splitOutside(tag, '|');
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
