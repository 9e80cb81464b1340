/**
 * An agent's `tool_call_strategy` (Nexa v2.1 agent properties): `auto` (the default) lets the
 * model decide whether to call its tools, `required` makes the first reply of each call a tool
 * call, `none` offers the agent's tools to no reply. Read by the checker and the agent library.
 */
export const TOOL_CALL_STRATEGIES = ['auto', 'required', 'none'] as const;
export type ToolCallStrategy = (typeof TOOL_CALL_STRATEGIES)[number];
