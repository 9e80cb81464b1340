/**
 * Protocols (`agent A implements P`): P's fields become a JSON schema the provider is asked to
 * follow, and the reply is checked against the same field types before the flow sees it.
 * The field types arrive as the descriptors the checker read them into (`"int | float"`,
 * `"list[string]"`, `"Option[str]"`, or written bare); a field whose type is another protocol,
 * or an inline `{ ... }`, arrives as a record, so nested objects are described to the model and
 * checked field by field, each problem named by its path (`address.city`, `steps[0].title`).
 */
import { builtinType } from '../../language/builtin-types.js';
import { recordText } from '../../language/type-descriptor.js';
import type { TypeDescriptor } from '../../language/type-descriptor.js';
import { describeValue, recordProblems, recordSchema } from '../core/type-checks.js';
import { isDict } from '../core/values.js';
import type { JsonSchema } from '../providers/types.js';

export interface ProtocolSpec {
  readonly name: string;
  /** Field name → type, in declaration order. */
  readonly fields: Readonly<Record<string, TypeDescriptor>>;
}

/** The JSON schema of P's replies: every field present (optional ones may be null), nothing else. */
export function protocolSchema(spec: ProtocolSpec): JsonSchema {
  return recordSchema(spec.fields);
}

/** The instruction added to the system prompt, for providers without native structured output. */
export function protocolInstruction(spec: ProtocolSpec): string {
  return `Reply with only a JSON object with exactly these fields and types: ${recordText(spec.fields)}. No text outside the JSON object.`;
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
  const problems = recordProblems('', spec.fields, record);
  if (problems.length > 0) return { ok: false, problem: problems.join('; ') };
  return { ok: true, value: conformed(spec.fields, record) };
}

/** The reply with exactly the protocol's fields, at every level: an absent optional field is null, a field it does not name is dropped. */
function conformed(fields: Readonly<Record<string, TypeDescriptor>>, record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([field, type]) => [field, conformedValue(type, record[field] ?? null)]));
}

function conformedValue(type: TypeDescriptor, value: unknown): unknown {
  if ('optional' in type) return value === null ? null : conformedValue(type.optional, value);
  if ('record' in type) return isDict(value) ? conformed(type.record, value) : value;
  const element = 'name' in type && builtinType(type.name)?.kind === 'list' ? type.args?.[0] : undefined;
  return element !== undefined && Array.isArray(value) ? value.map((item: unknown) => conformedValue(element, item)) : value;
}
