/**
 * Agent declarations: every property must be one Loom honours (E002 otherwise — the body does
 * not match the shape of an agent), with a value of the right type, set once (E005 for a
 * second setting, whether by property or decorator), and the agent must say what it does
 * with a `role` or a `prompt` (E003). A model must name its provider (`openai/gpt-4o`): the
 * value does not have the type a model reference has, so that is E002 too.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { AgentDeclaration, Expression, Property, PropertyBlock } from '../syntax/ast.js';
import type { Span } from '../language/span.js';
import { AGENT_PROPERTY_RULES } from './agent-properties.js';
import type { AgentDecorators } from './decorators.js';
import { contextPolicyPropertyProblems } from './harness-options.js';
import { CONTEXT_POLICY_PROPERTY } from '../language/harness.js';
import { harnessAgentMemberDiagnostic } from './harness.js';
import { checkAgentContext } from './agent-context.js';
import { CONTEXT_PROPERTY } from '../language/agent-context.js';
import { checkAgentOutput, OUTPUT_SCHEMA_PROPERTY } from './agent-output.js';
import { formatPosition } from './positions.js';
import { settingValueProblems } from './setting-values.js';
import { suggestionHint } from '../language/suggest.js';

/** A setting of the agent, from a body property or a decorator. */
interface Setting {
  readonly property: string;
  readonly value: Expression | PropertyBlock;
  /** Where the setting is named: the property name or the decorator name. */
  readonly nameSpan: Span;
  readonly via: string;
}

export function checkAgent(agent: AgentDeclaration, decorators: AgentDecorators): Diagnostic[] {
  const diagnostics: Diagnostic[] = [...decorators.diagnostics];
  const settings: Setting[] = decorators.settings.map((s) => ({
    property: s.property,
    value: s.value,
    nameSpan: s.decorator.name.span,
    via: `@${s.decorator.name.name}`,
  }));
  for (const member of agent.members) {
    if (member.kind !== 'Property') {
      const harness = harnessAgentMemberDiagnostic(member);
      if (harness) diagnostics.push(harness);
      continue;
    }
    if (member.name.name === CONTEXT_POLICY_PROPERTY) diagnostics.push(...contextPolicyPropertyProblems(member.value));
    const problem = member.name.name === CONTEXT_POLICY_PROPERTY ? null : unknownPropertyProblem(member);
    if (problem) diagnostics.push(problem);
    else settings.push({ property: member.name.name, value: member.value, nameSpan: member.name.span, via: 'property' });
  }
  const seen = new Map<string, Setting>();
  for (const setting of settings) {
    const first = seen.get(setting.property);
    if (first) {
      diagnostics.push(duplicateSetting(agent, setting, first));
      continue;
    }
    seen.set(setting.property, setting);
    diagnostics.push(...valueProblems(setting));
  }
  diagnostics.push(...checkAgentContext(agent), ...checkAgentOutput(agent), ...requiredToolProblems(agent, seen.get('tool_call_strategy')));
  if (!seen.has('role') && !seen.has('prompt') && agent.name.name !== '') {
    diagnostics.push(diagnostic('E003', agent.name.span, `agent '${agent.name.name}' declares neither 'role' nor 'prompt'`, {
      hint: 'add `role: "..."` or `prompt: "..."` saying what the agent does',
    }));
  }
  return diagnostics;
}

/** `tool_call_strategy: "required"` makes the model call a tool: the agent must have one. */
function requiredToolProblems(agent: AgentDeclaration, strategy: Setting | undefined): Diagnostic[] {
  const value = strategy?.value;
  if (value?.kind !== 'StringLiteral' || value.value !== 'required' || agent.uses.length > 0) return [];
  return [diagnostic('E002', value.span, `agent '${agent.name.name}' must call a tool (tool_call_strategy "required") but uses none`, {
    hint: `give it tools, e.g. agent ${agent.name.name} uses my_tool { ... }, or use "auto"`,
  })];
}

function unknownPropertyProblem(property: Property): Diagnostic | null {
  const name = property.name.name;
  // The context block and output_schema have rules of their own (check/agent-context.ts, check/agent-output.ts).
  if (AGENT_PROPERTY_RULES.has(name) || name === CONTEXT_PROPERTY || name === OUTPUT_SCHEMA_PROPERTY || name === '') return null;
  return diagnostic('E002', property.name.span, `agents have no property '${name}'`, {
    hint: suggestionHint(name, AGENT_PROPERTY_RULES.keys()) ?? `agent properties are ${[...AGENT_PROPERTY_RULES.keys()].join(', ')}`,
  });
}

function duplicateSetting(agent: AgentDeclaration, duplicate: Setting, first: Setting): Diagnostic {
  const how = (setting: Setting): string => (setting.via === 'property' ? 'the property' : setting.via);
  return diagnostic('E005', duplicate.nameSpan, undefined, {
    subject: `of '${duplicate.property}' in agent '${agent.name.name}'`,
    hint: `'${duplicate.property}' is already set by ${how(first)} at ${formatPosition(first.nameSpan)}`,
  });
}

function valueProblems(setting: Setting): Diagnostic[] {
  const rule = AGENT_PROPERTY_RULES.get(setting.property);
  return rule === undefined ? [] : settingValueProblems(setting.property, rule, setting.value);
}
