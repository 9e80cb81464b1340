/**
 * Pieces of wire format that several providers share: the OpenAI-style function tool list
 * (also Ollama's) and tool arguments as an object (Anthropic's and Ollama's), where the
 * neutral messages keep them as the JSON text the model wrote.
 */
import type { ToolDefinition } from './types.js';

export function functionTools(tools: readonly ToolDefinition[]): unknown[] {
  return tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
}

/** Arguments the model wrote as invalid JSON are replayed as `{}`: the tool already reported them. */
export function argumentsObject(argumentsJson: string): unknown {
  try {
    return JSON.parse(argumentsJson);
  } catch {
    return {};
  }
}
