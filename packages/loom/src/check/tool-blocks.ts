/**
 * `tool NAME { description: ..., parameters: {...} }` blocks describe a tool but hold no code.
 * Nexa's runtime looks the name up among Python functions it ships (`calculate_hash`,
 * `web_search`, ...); a Loom program has nothing to run, and a same-named function is a
 * duplicate declaration. An agent that `uses` such a block is therefore refused at compile
 * time (E001 at the agent), with a message naming the tool and the `@tool fn` that would
 * implement it.
 */
import type { Expression, ToolDeclaration } from '../syntax/ast.js';
import { builtinType } from '../language/builtin-types.js';

function property(tool: ToolDeclaration, name: string): Expression | undefined {
  const found = tool.properties.find((candidate) => candidate.name.name === name);
  return found === undefined || found.value.kind === 'PropertyBlock' ? undefined : found.value;
}

function text(expression: Expression | undefined): string | undefined {
  return expression?.kind === 'StringLiteral' ? expression.value : undefined;
}

/** `name: type` for each declared parameter; a parameter described in words is a string. */
function parameterList(tool: ToolDeclaration): string {
  const parameters = property(tool, 'parameters');
  if (parameters?.kind !== 'DictLiteral') return '';
  return parameters.entries
    .map((entry) => {
      const name = entry.key.kind === 'Identifier' ? entry.key.name : text(entry.key);
      const declared = text(entry.value);
      return name === undefined ? undefined : `${name}: ${declared !== undefined && builtinType(declared) !== undefined ? declared : 'string'}`;
    })
    .filter((parameter) => parameter !== undefined)
    .join(', ');
}

/** Why `agent` cannot use the tool block, and what to write instead. */
export function toolBlockProblem(agent: string, tool: ToolDeclaration): string {
  const name = tool.name.name;
  const mcp = text(property(tool, 'mcp'));
  if (mcp !== undefined) return `agent ${agent} uses tool ${name}, an MCP tool (${mcp}); MCP servers are not supported yet by loom run`;
  if (property(tool, 'python') !== undefined) return `agent ${agent} uses tool ${name}, a Python tool; loom run does not run Python`;
  const description = text(property(tool, 'description')) ?? name;
  return (
    `agent ${agent} uses tool ${name}, which has no implementation: a 'tool' block only describes a tool. ` +
    `Replace it with @tool(${JSON.stringify(description)}) fn ${name}(${parameterList(tool)}) { ... }`
  );
}
