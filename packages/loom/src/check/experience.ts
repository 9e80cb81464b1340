/**
 * `experience: "bot_memory.md"` (Nexa reference, agent properties): a Markdown file of
 * long-term memory the agent is given with its instructions. The file is read when the program
 * is compiled, relative to the file that declares the agent, so a missing file is found by
 * `validate` (E001, like a missing include) and `loom build` output carries the text with it.
 * The path must be written as a string literal: a computed path could not be read then (E002).
 */
import { dirname, isAbsolute, join } from 'node:path';
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { AgentDeclaration, Expression, Property } from '../syntax/ast.js';
import type { ReadSourceFile } from './includes.js';

export const EXPERIENCE_PROPERTY = 'experience';

/** What an agent's `experience` property came to. */
export type AgentExperience =
  | { readonly kind: 'read'; readonly text: string }
  | { readonly kind: 'problem'; readonly diagnostic: Diagnostic };

/** Reads the experience file of `agent` (declared in `file`), or says why it cannot be read. */
export function readAgentExperience(agent: AgentDeclaration, file: string, readFile: ReadSourceFile): AgentExperience | undefined {
  const property = agent.members.find(
    (member): member is Property => member.kind === 'Property' && member.name.name === EXPERIENCE_PROPERTY,
  );
  if (property === undefined || property.value.kind === 'PropertyBlock') return undefined;
  const value: Expression = property.value;
  if (value.kind !== 'StringLiteral') {
    return problem('E002', `'${EXPERIENCE_PROPERTY}' expects the path of a Markdown file written as a string literal`, value);
  }
  const path = isAbsolute(value.value) ? value.value : join(dirname(file), value.value);
  const text = readFile(path);
  if (text === undefined) {
    return problem('E001', `experience file '${value.value}' not found`, value, `the path is relative to the file declaring the agent; looked for '${path}'`);
  }
  return { kind: 'read', text };
}

function problem(code: 'E001' | 'E002', detail: string, value: Expression, hint?: string): AgentExperience {
  return { kind: 'problem', diagnostic: diagnostic(code, value.span, detail, { hint }) };
}
