/**
 * Protocols (`agent A implements P`): P's fields become a JSON schema the provider is asked to
 * follow, and the reply is checked against the same field types before the flow sees it.
 * The field types arrive as the descriptors the checker read them into (`"int | float"`,
 * `"list[string]"`, `"Option[str]"`, or written bare).
 */
import { typeText } from '../../language/type-descriptor.js';
import type { TypeDescriptor } from '../../language/type-descriptor.js';
import { acceptsAbsence, describeValue, typeProblem, typeSchema } from '../core/type-checks.js';
import type { JsonSchema } from '../providers/types.js';

export interface ProtocolSpec {
  readonly name: string;
  /** Field name → type, in declaration order. */
  readonly fields: Readonly<Record<string, TypeDescriptor>>;
}

/** The JSON schema of P's replies: every field present (optional ones may be null), nothing else. */
export function protocolSchema(spec: ProtocolSpec): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(spec.fields).map(([field, type]) => [field, typeSchema(type)]),
  );
  return { type: 'object', properties, required: Object.keys(spec.fields), additionalProperties: false };
}

/** The instruction added to the system prompt, for providers without native structured output. */
export function protocolInstruction(spec: ProtocolSpec): string {
  const fields = Object.entries(spec.fields).map(([field, type]) => `"${field}": ${typeText(type)}`).join(', ');
  return `Reply with only a JSON object with exactly these fields and types: {${fields}}. No text outside the JSON object.`;
}

/** A code fence around the JSON (```json ... ```) is common even when told not to. */
const FENCED_JSON = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i;

export type ProtocolReading =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly problem: string };

/** Parses a reply and checks it against P; the problem text is what the model is re-asked with. */
export function readProtocolReply(spec: ProtocolSpec, reply: string): ProtocolReading {
  const json = FENCED_JSON.exec(reply)?.[1] ?? reply.trim();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, problem: `the reply is not valid JSON` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: `the reply must be a JSON object, got ${describeValue(value)}` };
  }
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [field, type] of Object.entries(spec.fields)) {
    if (!Object.hasOwn(record, field) && !acceptsAbsence(type)) {
      problems.push(`field '${field}' is missing`);
      continue;
    }
    const problem = typeProblem(field, type, record[field]);
    if (problem !== null) problems.push(problem);
  }
  if (problems.length > 0) return { ok: false, problem: problems.join('; ') };
  return { ok: true, value: Object.fromEntries(Object.keys(spec.fields).map((field) => [field, record[field] ?? null])) };
}
