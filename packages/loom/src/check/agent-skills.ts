/**
 * `agent A uses "SKILLS.md"` (Nexa docs, part 4): a Markdown file describing tools and the
 * guidelines for using them (check/skill-file.ts reads the format). As with `experience`, the
 * file is read when the program is compiled, relative to the file that declares the agent, so
 * `validate` finds a missing or malformed one and `loom build` output carries what it says.
 *
 * A skill file describes tools; the program implements them. Each skill tool must be a
 * `@tool fn` of the same name declared in the program, taking exactly the parameters the skill
 * describes: the model is shown the skill's description and schema, and a call runs the
 * function. A skill tool without such a function is refused at compile time (E006, naming the
 * tool, its line in the skill file and the function to write) rather than offered to the model
 * and failed when called: `validate` then says what is missing before anything runs, as it does
 * for a `tool` block without an implementation. (Nexa offers such a tool and answers the model's
 * call with a "tool not found" error.)
 */
import { dirname, isAbsolute, join } from 'node:path';
import { readBoundedText } from '../bounded-read.js';
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { formatPosition } from './positions.js';
import type { AgentDeclaration, FunctionDeclaration, Parameter } from '../syntax/ast.js';
import { TOOL_DECORATOR } from './agent-tools.js';
import type { GlobalTable } from './binder.js';
import { readSkillFile, skillFileOf } from './skill-file.js';
import type { SkillTool } from './skill-file.js';

/** A skill file larger than this is refused unread (a model could not take it in anyway). */
export const SKILL_FILE_MAX_BYTES = 1024 * 1024;

const BYTES_PER_KIB = 1024;

/** What an agent's skill files came to. */
export interface AgentSkills {
  /** The files read, by the path they were read under, for code frames. */
  readonly files: ReadonlyMap<string, string>;
  readonly tools: readonly SkillTool[];
  /** The guidelines of each file that has any, in `uses` order. */
  readonly guidelines: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Reads the skill files of `agent` (declared in `file`); undefined when it uses none. */
export function readAgentSkills(agent: AgentDeclaration, file: string): AgentSkills | undefined {
  const uses = agent.uses.flatMap((use) => skillFileOf(use) ?? []);
  if (uses.length === 0) return undefined;
  const files = new Map<string, string>();
  const tools: SkillTool[] = [];
  const guidelines: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const use of uses) {
    const path = isAbsolute(use.value) ? use.value : join(dirname(file), use.value);
    const read = readBoundedText(path, SKILL_FILE_MAX_BYTES);
    switch (read.kind) {
      case 'missing':
        diagnostics.push(diagnostic('E001', use.span, `skill file '${use.value}' not found`, { hint: `the path is relative to the file declaring the agent; looked for '${path}'` }));
        continue;
      case 'unreadable':
        diagnostics.push(diagnostic('E001', use.span, `skill file '${use.value}' cannot be read: ${read.reason}`));
        continue;
      case 'too large':
        diagnostics.push(diagnostic('E006', use.span, `skill file '${use.value}' is larger than ${read.limit / BYTES_PER_KIB} KiB`, { hint: 'split it, or keep only what the agent needs' }));
        continue;
      case 'text':
        break;
    }
    files.set(path, read.text);
    const content = readSkillFile(read.text, path);
    diagnostics.push(...content.diagnostics);
    if (content.guidelines !== '') guidelines.push(content.guidelines);
    for (const tool of content.tools) {
      const earlier = tools.find((other) => other.name === tool.name);
      if (earlier === undefined) tools.push(tool);
      else diagnostics.push(diagnostic('E005', tool.span, `also described at ${formatPosition(earlier.span)}`, { subject: `of skill tool '${tool.name}'` }));
    }
  }
  return { files, tools, guidelines, diagnostics };
}

/** The `@tool fn` that implements a skill tool, if the program declares one. */
export function skillToolFunction(tool: SkillTool, globals: GlobalTable): FunctionDeclaration | undefined {
  const declaration = globals.lookup(tool.name)?.declaration;
  return declaration?.kind === 'FunctionDeclaration' && declaration.decorators.some((decorator) => decorator.name.name === TOOL_DECORATOR) ? declaration : undefined;
}

/** Skill tools the program does not implement, and implementations whose parameters differ from the skill's. */
export function skillImplementationProblems(agent: AgentDeclaration, skills: AgentSkills, globals: GlobalTable): Diagnostic[] {
  const use = agent.uses.map(skillFileOf).find((file) => file !== undefined);
  if (use === undefined) return [];
  return skills.tools.flatMap((tool) => {
    const where = formatPosition(tool.span);
    const implementation = skillToolFunction(tool, globals);
    if (implementation === undefined) {
      return [diagnostic('E006', use.span, `agent ${agent.name.name} uses skill tool '${tool.name}' (${where}), which the program does not implement: a skill file only describes a tool`, {
        hint: `declare @tool(${JSON.stringify(firstLine(tool.description))}) fn ${tool.name}(${Object.keys(tool.schema.properties).join(', ')}) { ... }`,
      })];
    }
    const taken = implementation.parameters.map((parameter) => parameter.name.name);
    const described = Object.keys(tool.schema.properties);
    const undescribed = taken.find((name) => !described.includes(name));
    const untaken = described.find((name) => !taken.includes(name));
    if (undescribed === undefined && untaken === undefined) {
      const strict = implementation.parameters.find((parameter) => !tool.schema.required.includes(parameter.name.name) && !acceptsAbsence(parameter));
      if (strict === undefined) return [];
      return [diagnostic('E002', strict.span, `skill tool '${tool.name}' (${where}) lets the model leave '${strict.name.name}' out, and fn ${tool.name} then receives null, which its type does not allow`, {
        hint: `give '${strict.name.name}' a default value or an optional type (T?)`,
      })];
    }
    const detail = undescribed !== undefined
      ? `fn ${tool.name} takes '${undescribed}', which skill tool '${tool.name}' (${where}) does not describe, so the model could not pass it`
      : `skill tool '${tool.name}' (${where}) describes '${untaken!}', which fn ${tool.name} does not take`;
    return [diagnostic('E002', implementation.name.span, detail, { hint: `give fn ${tool.name} the parameters the skill describes: ${described.join(', ') || 'none'}` })];
  });
}

/** Whether a parameter can take the null an omitted optional argument arrives as: untyped, defaulted or optional. */
function acceptsAbsence(parameter: Parameter): boolean {
  const { type } = parameter;
  if (type === null || parameter.defaultValue !== null) return true;
  if (type.kind === 'OptionalType') return true;
  if (type.kind === 'NamedType') return type.name.name === 'Option' || type.name.name === 'any';
  return type.kind === 'StringType' && type.text.trim().endsWith('?');
}

function firstLine(text: string): string {
  return text.split('\n')[0]!;
}
