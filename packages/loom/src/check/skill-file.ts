/**
 * The Markdown of a skill file (`agent A uses "SKILLS.md"`), read into the tools it describes and
 * the guidelines around them. Loom's reading of the format the Nexa docs show:
 *
 * - A level-2 heading `## Tool: NAME` opens a tool section, which runs to the next heading of
 *   level 1 or 2. NAME is the tool's name, so a program's `@tool fn NAME` can implement it.
 * - A section gives its parameters one of two ways: a ```json block holding the JSON schema of
 *   the arguments (an object schema; a `"description"` key in it is the tool's description), or
 *   a `Parameters:` line followed by a list of `- name: what it is (type)` items. In the list,
 *   a trailing parenthesis of type words (`string`, `int`, `number`, `boolean`, `list`, `dict`)
 *   and `optional` gives the type (string when none is given) and whether it may be left out;
 *   any other parenthesis (`(email/slack/sms)`) is part of the description.
 * - A `Description:` line is the tool's description; the section's other prose is added to it,
 *   so nothing written in the section is lost on the model.
 * - Everything outside tool sections (the title, other headings, prose, examples) is the skill's
 *   guidelines, which the agent is given with its instructions.
 *
 * The Chinese docs' spelling of the list format is read alike: `描述：`, `参数：`, full-width
 * colons and parentheses, and the type words 字符串, 整数, 数字, 布尔, 列表, 字典 and 可选.
 *
 * Headings inside code fences are text. What the reader cannot take as written is a finding
 * pointing at the Markdown line: a malformed schema or list item (E004), a tool described twice
 * (E005).
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Span } from '../language/span.js';
import type { StringLiteral, UseTarget } from '../syntax/ast.js';

/** `uses "SKILLS.md"`: the string naming a Markdown file, if `use` is one. Other strings stay unsupported uses. */
export function skillFileOf(use: UseTarget): StringLiteral | undefined {
  return use.kind === 'StringLiteral' && /\.md$/i.test(use.value) ? use : undefined;
}

/** The JSON schema of a skill tool's arguments, as the model is shown it. */
export interface SkillSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required: readonly string[];
  readonly [key: string]: unknown;
}

export interface SkillTool {
  readonly name: string;
  readonly description: string;
  readonly schema: SkillSchema;
  /** The `## Tool:` heading, which messages about the tool point at. */
  readonly span: Span;
}

export interface SkillFileContent {
  readonly tools: readonly SkillTool[];
  /** The text outside tool sections, trimmed; empty when there is none. */
  readonly guidelines: string;
  readonly diagnostics: readonly Diagnostic[];
}

interface Line {
  readonly text: string;
  readonly span: Span;
}

interface Fence {
  readonly marker: string;
  readonly json: boolean;
  readonly open: Line;
  readonly body: string[];
}

interface ToolSection {
  readonly name: string;
  readonly heading: Line;
  /** The section's lines outside its ```json block. */
  readonly lines: Line[];
  json?: { readonly open: Line; readonly text: string };
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const TOOL_HEADING = /^tool[ \t]*:[ \t]*(.*)$/i;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)/;
/** A name a `@tool fn` can have. */
const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// The Chinese spellings below are \u escapes (描述 \u63cf\u8ff0, 参数 \u53c2\u6570, full-width ： \uff1a
// （ \uff08 ） \uff09 ， \uff0c, and 、 \u3001): esbuild copies a regular expression literal as written, and
// one character outside ASCII makes V8 hold the whole CLI bundle as a two-byte string, which
// each start reads and hashes (scripts/code-cache.mjs).
const DESCRIPTION_LINE = /^\s*(?:description|\u63cf\u8ff0)\s*[:\uff1a]\s*(.*)$/i;
const PARAMETERS_LINE = /^\s*(?:parameters|\u53c2\u6570)\s*[:\uff1a]\s*$/i;
const LIST_ITEM = /^\s*[-*+]\s+(.*)$/;
/** `name: what it is (type)`, `name (type)` or `name`. */
const PARAMETER_ITEM = /^`?([A-Za-z_][A-Za-z0-9_]*)`?\s*(?:[:\uff1a]\s*(.*)|([(\uff08].*))?$/;
const TRAILING_PARENTHESIS = /[(\uff08]([^()\uff08\uff09]*)[)\uff09]\s*$/;
const PARENTHESIS_WORD_SEPARATOR = /[,\uff0c\u3001]/;

/** The words of a parameter's trailing parenthesis that give its JSON schema type. */
const TYPE_WORDS: ReadonlyMap<string, string> = new Map([
  ['string', 'string'], ['str', 'string'], ['text', 'string'],
  ['int', 'integer'], ['integer', 'integer'],
  ['float', 'number'], ['number', 'number'],
  ['bool', 'boolean'], ['boolean', 'boolean'],
  ['list', 'array'], ['array', 'array'],
  ['dict', 'object'], ['object', 'object'],
  ['字符串', 'string'], ['整数', 'integer'], ['数字', 'number'], ['布尔', 'boolean'], ['列表', 'array'], ['字典', 'object'],
]);
const OPTIONAL_WORDS: ReadonlySet<string> = new Set(['optional', '可选']);
const REQUIRED_WORDS: ReadonlySet<string> = new Set(['required', '必填']);

/** The lines of `text` with their spans in `file`. */
function linesOf(text: string, file: string): Line[] {
  const lines: Line[] = [];
  let offset = 0;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const start = { line: index + 1, column: 1, offset };
    const end = { line: index + 1, column: line.length + 1, offset: offset + line.length };
    lines.push({ text: line, span: { file, start, end } });
    offset += raw.length + 1;
  }
  return lines;
}

export function readSkillFile(text: string, file: string): SkillFileContent {
  const diagnostics: Diagnostic[] = [];
  const sections: ToolSection[] = [];
  const guidelines: string[] = [];
  let section: ToolSection | undefined;
  let fence: Fence | undefined;

  const keep = (line: Line): void => {
    if (section === undefined) guidelines.push(line.text);
    else section.lines.push(line);
  };
  for (const line of linesOf(text, file)) {
    if (fence !== undefined) {
      if (closesFence(line.text, fence.marker)) {
        const open = fence;
        fence = undefined;
        if (open.json && section !== undefined) {
          if (section.json !== undefined) {
            diagnostics.push(diagnostic('E004', open.open.span, `tool '${section.name}' of the skill file has a second \`\`\`json block`, { hint: 'give each tool one JSON schema' }));
          } else {
            section.json = { open: open.open, text: open.body.join('\n') };
            continue;
          }
        }
        for (const kept of [open.open, ...open.body.map((body) => ({ text: body, span: open.open.span })), line]) keep(kept);
        continue;
      }
      fence.body.push(line.text);
      continue;
    }
    const opening = FENCE_OPEN.exec(line.text);
    if (opening !== null) {
      fence = { marker: opening[1]!, json: opening[2]!.toLowerCase() === 'json', open: line, body: [] };
      continue;
    }
    const heading = HEADING.exec(line.text);
    if (heading !== null && heading[1]!.length <= 2) {
      section = undefined;
      const tool = heading[1]!.length === 2 ? TOOL_HEADING.exec(heading[2]!) : null;
      if (tool !== null) {
        const name = tool[1]!.trim();
        if (!TOOL_NAME.test(name)) {
          diagnostics.push(diagnostic('E004', line.span, `the skill file's tool name '${name}' is not a name`, { hint: 'write ## Tool: name, with letters, digits and _ only, as a @tool fn is named' }));
        } else {
          section = { name, heading: line, lines: [] };
          sections.push(section);
        }
        continue;
      }
    }
    keep(line);
  }
  if (fence !== undefined) {
    diagnostics.push(diagnostic('E004', fence.open.span, 'the code block opened here in the skill file is never closed'));
  }

  const tools: SkillTool[] = [];
  for (const [index, written] of sections.entries()) {
    const earlier = sections.slice(0, index).find((other) => other.name === written.name);
    if (earlier !== undefined) {
      diagnostics.push(diagnostic('E005', written.heading.span, `first described at line ${earlier.heading.span.start.line}`, { subject: `of skill tool '${written.name}'` }));
      continue;
    }
    const tool = readToolSection(written, diagnostics);
    if (tool !== undefined) tools.push(tool);
  }
  return { tools, guidelines: guidelines.join('\n').trim(), diagnostics };
}

function closesFence(text: string, marker: string): boolean {
  const trimmed = text.trim();
  return text.search(/\S/) <= 3 && trimmed.length >= marker.length && [...trimmed].every((char) => char === marker[0]);
}

function readToolSection(section: ToolSection, diagnostics: Diagnostic[]): SkillTool | undefined {
  let explicit: string | undefined;
  let listed: ListedParameters | undefined;
  const prose: string[] = [];
  const lines = section.lines;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const description = DESCRIPTION_LINE.exec(line.text);
    if (description !== null && explicit === undefined) {
      explicit = description[1]!.trim();
      continue;
    }
    if (PARAMETERS_LINE.test(line.text) && listed === undefined) {
      listed = { properties: {}, required: [], line };
      index = readParameterList(lines, index + 1, listed, section.name, diagnostics) - 1;
      continue;
    }
    prose.push(line.text);
  }
  let schema: SkillSchema | undefined;
  if (section.json !== undefined) {
    if (listed !== undefined) {
      diagnostics.push(diagnostic('E004', listed.line.span, `tool '${section.name}' of the skill file gives its parameters both as a list and as a JSON schema`, { hint: 'keep one of them' }));
      return undefined;
    }
    const read = readJsonSchema(section.json.text);
    if ('problem' in read) {
      diagnostics.push(diagnostic('E004', jsonLineSpan(section.json, read.at), `the JSON schema of skill tool '${section.name}' ${read.problem}`, {
        hint: 'the ```json block holds the arguments\' schema: { "type": "object", "properties": { ... }, "required": [ ... ] }',
      }));
      return undefined;
    }
    schema = read.schema;
    explicit = read.description ?? explicit;
  } else {
    schema = { type: 'object', properties: listed?.properties ?? {}, required: listed?.required ?? [] };
  }
  const text = prose.join('\n').trim();
  const description = [explicit, text].filter((part) => part !== undefined && part !== '').join('\n') || section.name;
  return { name: section.name, description, schema, span: section.heading.span };
}

interface ListedParameters {
  readonly properties: Record<string, Readonly<Record<string, unknown>>>;
  readonly required: string[];
  readonly line: Line;
}

/** Reads the `- name: text (type)` items from `start`; returns the index of the first line after the list. */
function readParameterList(lines: readonly Line[], start: number, into: ListedParameters, tool: string, diagnostics: Diagnostic[]): number {
  let index = start;
  for (; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.text.trim() === '') {
      if (Object.keys(into.properties).length > 0) break;
      continue;
    }
    const item = LIST_ITEM.exec(line.text);
    if (item === null) break;
    const parameter = PARAMETER_ITEM.exec(item[1]!.trim());
    if (parameter === null) {
      diagnostics.push(diagnostic('E004', line.span, `a parameter of skill tool '${tool}' is not written as '- name: what it is (type)'`));
      continue;
    }
    const [, name, described, parenthesis] = parameter;
    const text = described ?? parenthesis;
    if (Object.hasOwn(into.properties, name!)) {
      diagnostics.push(diagnostic('E005', line.span, undefined, { subject: `of parameter '${name!}' of skill tool '${tool}'` }));
      continue;
    }
    const { type, optional, description } = readParameterText(text ?? '');
    into.properties[name!] = description === '' ? { type } : { type, description };
    if (!optional) into.required.push(name!);
  }
  return index;
}

/** `Data to analyze (string)` → a string described as "Data to analyze"; `(optional)` marks it as one the model may leave out. */
function readParameterText(text: string): { type: string; optional: boolean; description: string } {
  const parenthesis = TRAILING_PARENTHESIS.exec(text);
  const words = parenthesis?.[1]!.split(PARENTHESIS_WORD_SEPARATOR).map((word) => word.trim().toLowerCase()) ?? [];
  const typeWords = words.filter((word) => TYPE_WORDS.has(word));
  const understood = words.length > 0 && typeWords.length <= 1 && words.every((word) => TYPE_WORDS.has(word) || OPTIONAL_WORDS.has(word) || REQUIRED_WORDS.has(word));
  if (parenthesis === null || !understood) return { type: 'string', optional: false, description: text.trim() };
  return {
    type: TYPE_WORDS.get(typeWords[0] ?? 'string')!,
    optional: words.some((word) => OPTIONAL_WORDS.has(word)),
    description: text.slice(0, parenthesis.index).trim(),
  };
}

/** `at`: where in the block JSON.parse stopped, when it says. */
type SchemaReading = { readonly schema: SkillSchema; readonly description: string | undefined } | { readonly problem: string; readonly at?: number };

/** JSON.parse names the offset where it stopped: "... in JSON at position 90". */
const JSON_ERROR_POSITION = /at position (\d+)/;

/** The line of the ```json block holding offset `at` of its text, or the opening fence when unknown. */
function jsonLineSpan(json: NonNullable<ToolSection['json']>, at: number | undefined): Span {
  const { span } = json.open;
  if (at === undefined) return span;
  const before = json.text.slice(0, at).split('\n');
  const line = span.start.line + before.length;
  const text = json.text.split('\n')[before.length - 1] ?? '';
  const offset = span.end.offset + 1 + json.text.slice(0, at).lastIndexOf('\n') + 1;
  return { file: span.file, start: { line, column: 1, offset }, end: { line, column: text.length + 1, offset: offset + text.length } };
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The ```json block of a tool section: an object schema, with the tool's description as an optional key. */
function readJsonSchema(text: string): SchemaReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = JSON_ERROR_POSITION.exec(message)?.[1];
    return { problem: `is not valid JSON (${message})`, ...(position === undefined ? {} : { at: Number(position) }) };
  }
  if (!isObject(value)) return { problem: 'is not a JSON object' };
  const { description, type, properties, required, ...rest } = value;
  if (description !== undefined && typeof description !== 'string') return { problem: 'has a "description" that is not a string' };
  if (type !== undefined && type !== 'object') return { problem: `has "type": ${JSON.stringify(type)}, but a tool's arguments are an object` };
  if (properties !== undefined && !isObject(properties)) return { problem: 'has "properties" that is not an object' };
  const described = properties ?? {};
  const notSchema = Object.entries(described).find(([, schema]) => !isObject(schema));
  if (notSchema !== undefined) return { problem: `describes property '${notSchema[0]}' with something other than a schema object` };
  if (required !== undefined && (!Array.isArray(required) || !required.every((name) => typeof name === 'string'))) {
    return { problem: 'has "required" that is not a list of property names' };
  }
  const requiredNames = (required ?? []) as string[];
  const unknown = requiredNames.find((name) => !Object.hasOwn(described, name));
  if (unknown !== undefined) return { problem: `requires '${unknown}', which its "properties" do not describe` };
  return {
    schema: { ...rest, type: 'object', properties: described as SkillSchema['properties'], required: requiredNames },
    description: description === undefined ? undefined : description,
  };
}
