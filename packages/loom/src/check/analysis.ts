/**
 * The analysis the checker, the linter and the emitter start from: the program with its
 * includes expanded, its global declarations bound, every name resolved and every agent's
 * decorators read. The emitter imports nothing else from check/: what it needs to know about
 * the program it asks this analysis (the types it names are re-exported here).
 */
import type { AgentDeclaration, Program, TopLevelItem } from '../syntax/ast.js';
import type { BindResult } from './binder.js';
import { bindGlobals } from './binder.js';
import type { ExpandedProgram, ReadSourceFile } from './includes.js';
import { expandIncludes } from './includes.js';
import type { Resolution } from './resolver.js';
import { resolveNames } from './resolver.js';
import { walk } from '../syntax/walk.js';
import type { AgentDecorators } from './decorators.js';
import { readAgentDecorators } from './decorators.js';
import type { AgentExperience } from './experience.js';
import { readAgentExperience } from './experience.js';
import { readAgentSkills } from './agent-skills.js';
import type { AgentSkills } from './agent-skills.js';
import { readContextSpec } from './agent-context.js';
import { outputProtocol } from './agent-output.js';
import type { OutputProtocol } from './agent-output.js';
import type { ContextSpec } from '../language/agent-context.js';
import { callsRequestFunctions, requestCallFacts, type RequestCallFacts } from './request-functions.js';

export type { GlobalKind, GlobalSymbol } from './binder.js';
export type { NameReference } from './resolved-names.js';
export type { TypeTest } from './resolver.js';
export type { AgentDecorators, DecoratorSetting } from './decorators.js';
export type { AgentExperience } from './experience.js';
export type { AgentSkills } from './agent-skills.js';
export type { SkillTool } from './skill-file.js';
export { skillFileOf } from './skill-file.js';
export type { InlineSchemaField, InlineSchemaType, OutputProtocol } from './agent-output.js';
export { EXPERIENCE_PROPERTY } from './experience.js';
export { OUTPUT_SCHEMA_PROPERTY } from './agent-output.js';
export { TOOL_DECORATOR } from './agent-tools.js';

export interface AnalysisOptions {
  /** Reads an included file by path; `undefined` when it is missing or unreadable. */
  readonly readFile: ReadSourceFile;
}

export interface Analysis {
  readonly expanded: ExpandedProgram;
  readonly bound: BindResult;
  readonly resolution: Resolution;
  /** An agent's decorators (`@limit`, `@timeout` …) read as settings; read once, when first asked. */
  agentDecorators(agent: AgentDeclaration): AgentDecorators;
  /** Every agent's `experience` file, read (or why it could not be), by agent. */
  readonly agentExperiences: ReadonlyMap<AgentDeclaration, AgentExperience>;
  /** Every agent's skill files (`uses "SKILLS.md"`), read and parsed, by agent. */
  readonly agentSkills: ReadonlyMap<AgentDeclaration, AgentSkills>;
  /** The names of the program's `db` and `kv` declarations, by kind, in source order: what `uses std.db` / `std.kv` tools reach. */
  readonly resourceNames: ReadonlyMap<string, readonly string[]>;
  /** The `context { ... }` block of each agent that has one, as the runtime reads it. */
  readonly agentContexts: ReadonlyMap<AgentDeclaration, ContextSpec>;
  /** The protocol an agent's reply follows: the one it implements, or names in an `output_schema` (check/agent-output.ts). */
  agentOutputProtocol(agent: AgentDeclaration): OutputProtocol | undefined;
  /** Which request functions (std.auth's session functions) each item calls; walked once, when first asked. */
  requestCalls(): RequestCallFacts;
  /** Whether any item calls one: only then do the program's servers keep each request's context. */
  callsRequestFunctions(): boolean;
}

export function analyze(program: Program, options: AnalysisOptions): Analysis {
  const expanded = expandIncludes(program, options.readFile);
  const bound = bindGlobals(expanded.items);
  let recoveredFromSyntaxErrors: boolean | undefined;
  const quietUndeclared = (): boolean => {
    recoveredFromSyntaxErrors ??= expanded.units.some((unit) => showsSyntaxRecovery(unit.program));
    return recoveredFromSyntaxErrors;
  };
  const resolution = resolveNames(expanded.items, bound.globals, { quietUndeclared });
  const decorators = new Map<AgentDeclaration, AgentDecorators>();
  const agentDecorators = (agent: AgentDeclaration): AgentDecorators => {
    let read = decorators.get(agent);
    if (read === undefined) {
      read = readAgentDecorators(agent.decorators);
      decorators.set(agent, read);
    }
    return read;
  };
  const agentExperiences = new Map<AgentDeclaration, AgentExperience>();
  const agentContexts = new Map<AgentDeclaration, ContextSpec>();
  const agentSkills = new Map<AgentDeclaration, AgentSkills>();
  for (const { item, unit } of expanded.items) {
    if (item.kind !== 'AgentDeclaration') continue;
    const experience = readAgentExperience(item, unit.file, options.readFile);
    if (experience !== undefined) agentExperiences.set(item, experience);
    const skills = readAgentSkills(item, unit.file);
    if (skills !== undefined) agentSkills.set(item, skills);
    const context = readContextSpec(item);
    if (context !== undefined) agentContexts.set(item, context);
  }
  let requestCalls: RequestCallFacts | undefined;
  const requestCallsOnce = (): RequestCallFacts => (requestCalls ??= requestCallFacts(expanded.items.map(({ item }) => item), resolution));
  return {
    expanded, bound, resolution, agentDecorators, agentExperiences, agentSkills, agentContexts,
    requestCalls: requestCallsOnce,
    callsRequestFunctions: () => callsRequestFunctions(requestCallsOnce()),
    agentOutputProtocol: (agent) => outputProtocol(agent, resolution.inlineOutputSchemas),
    resourceNames: resourceNamesByKind(expanded.items.map(({ item }) => item)),
  };
}

function resourceNamesByKind(items: readonly TopLevelItem[]): ReadonlyMap<string, readonly string[]> {
  const names = new Map<string, string[]>();
  for (const item of items) {
    if (item.kind !== 'ResourceDeclaration' || item.resource === 'auth') continue;
    names.set(item.resource, [...(names.get(item.resource) ?? []), item.name.name]);
  }
  return names;
}

/** The parser marks what it could not read with Error nodes and nameless placeholder names. */
function showsSyntaxRecovery(program: Program): boolean {
  let found = false;
  walk(program, (node) => {
    if (node.kind === 'Error' || (node.kind === 'Identifier' && node.name === '')) found = true;
    return !found;
  });
  return found;
}
