/**
 * What an agent's `uses` gives it at run time: a `@tool fn` of the program, a `std`
 * namespace that offers tools, or a skill file (`"SKILLS.md"`, check/agent-skills.ts, which
 * judges its tools). Anything else parses and resolves but Loom cannot run it, and
 * is E006 at the agent: a `tool` block (it describes a tool and holds no code; the message says
 * which `@tool fn` to write instead), an MCP server or a string, a namespace without agent
 * tools, `std.db`/`std.kv` in a program that declares no handle for their tools to name, and a
 * property written as a `{ ... }` block. One finding per agent, the first of these that applies.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { STD_NAMESPACES_AS_TOOLS, STD_TOOL_SPELLINGS, STD_TOOLS_ON_DECLARED_HANDLES } from '../language/builtins.js';
import type { AgentDeclaration, ToolDeclaration, UseTarget } from '../syntax/ast.js';
import type { GlobalTable } from './binder.js';
import { CONTEXT_POLICY_PROPERTY } from '../language/harness.js';
import { CONTEXT_PROPERTY } from '../language/agent-context.js';
import { isStdNamespace } from '../language/std-library.js';
import { toolBlockProblem } from './tool-blocks.js';
import { skillFileOf } from './skill-file.js';

/** The decorator that makes a function an agent tool: `@tool("description") fn ...`. */
export const TOOL_DECORATOR = 'tool';

/** The program's declarations an agent's tools can come from. */
export interface ToolSources {
  readonly globals: GlobalTable;
  /** The names of the program's `db` and `kv` declarations, by kind. */
  readonly resourceNames: ReadonlyMap<string, readonly string[]>;
}

type UseVerdict = { readonly accepted: true } | { readonly unsupported: string } | { readonly problem: string };

export function agentToolProblems(agent: AgentDeclaration, sources: ToolSources): Diagnostic[] {
  const name = agent.name.name;
  const toolBlock = agent.uses.map((use) => toolBlockOf(use, sources)).find((block) => block !== undefined);
  if (toolBlock !== undefined) return [diagnostic('E006', agent.name.span, toolBlockProblem(name, toolBlock))];
  const verdicts = agent.uses.map((use) => judgeUse(name, use, sources));
  const unusable = verdicts.flatMap((verdict) => ('unsupported' in verdict ? [verdict.unsupported] : []));
  if (unusable.length > 0) {
    const listed = unusable.map((use) => `'uses ${use}'`).join(', ');
    return [diagnostic('E006', agent.name.span, `${listed} in agent ${name} (agent tools are @tool functions, the std namespaces Loom runs and skill files, "SKILLS.md")`)];
  }
  const problem = verdicts.find((verdict) => 'problem' in verdict);
  if (problem !== undefined && 'problem' in problem) return [diagnostic('E006', agent.name.span, problem.problem)];
  const block = agent.members.find((member) => member.kind === 'Property' && member.value.kind === 'PropertyBlock' && member.name.name !== CONTEXT_POLICY_PROPERTY && member.name.name !== CONTEXT_PROPERTY);
  if (block !== undefined && block.kind === 'Property') {
    return [diagnostic('E006', block.name.span, `the '${block.name.name} { ... }' block of agent ${name}`)];
  }
  return [];
}

function toolBlockOf(use: UseTarget, sources: ToolSources): ToolDeclaration | undefined {
  if (use.kind !== 'QualifiedName' || use.parts.length !== 1) return undefined;
  const declaration = sources.globals.lookup(use.parts[0]!.name)?.declaration;
  return declaration?.kind === 'ToolDeclaration' ? declaration : undefined;
}

function judgeUse(agent: string, use: UseTarget, sources: ToolSources): UseVerdict {
  if (skillFileOf(use) !== undefined) return { accepted: true };
  const [only, ...rest] = use.kind === 'QualifiedName' ? use.parts : [];
  if (only?.name === 'std' && rest.length > 0) {
    // A namespace the library does not have is the resolver's E001.
    if (!isStdNamespace(rest[0]!.name)) return { accepted: true };
    const written = rest.map((part) => part.name).join('.');
    const namespace = STD_TOOL_SPELLINGS.get(written) ?? written;
    if (!STD_NAMESPACES_AS_TOOLS.has(namespace)) return { unsupported: `std.${written}` };
    if (!STD_TOOLS_ON_DECLARED_HANDLES.has(namespace) || (sources.resourceNames.get(namespace) ?? []).length > 0) return { accepted: true };
    const declaration = namespace === 'db' ? 'db NAME = connect("sqlite://...")' : 'kv NAME = open(":memory:")';
    return { problem: `agent ${agent} uses std.${written}, whose tools work on the program's declared ${namespace} handles by name, and the program declares none: add ${declaration}` };
  }
  const symbol = only === undefined || rest.length > 0 ? undefined : sources.globals.lookup(only.name);
  // A name nothing declares is the resolver's E001.
  if (use.kind === 'QualifiedName' && rest.length === 0 && symbol === undefined) return { accepted: true };
  const declaration = symbol?.declaration;
  if (declaration?.kind === 'FunctionDeclaration' && declaration.decorators.some((decorator) => decorator.name.name === TOOL_DECORATOR)) return { accepted: true };
  const written = use.kind === 'QualifiedName' ? use.parts.map((part) => part.name).join('.') : use.kind === 'McpUse' ? `mcp:${use.url.value}` : use.value;
  return { unsupported: written };
}
