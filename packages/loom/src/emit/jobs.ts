/**
 * A `job` declaration becomes a JobHandle registered with the program (runtime/jobs/):
 *
 *     const Mail = $p.job({ name: "Mail", queue: "emails", retry: 3, timeout: 60, backoff: "fixed",
 *                           parameters: ["user"], perform: async function (user) {...},
 *                           onFailure: async function (error, attempt) {...}, onFailureParameters: [...] });
 *
 * Both forms of the docs: `perform(...)` / `on_failure(...)` handlers in the body, or
 * `handler: Flow` / `on_failure: Flow` naming flows, whose parameters are then the job's.
 * The checker has already held each option to its kind (check/jobs.ts).
 */
import type { Expression, JobDeclaration, PropertyBlock } from '../syntax/ast.js';
import { joinCode, quote } from './code.js';
import type { Code } from './code.js';
import { parameterNamesOf, refusedByChecker } from './context.js';
import type { EmitContext } from './context.js';
import { emitExpression } from './expressions.js';
import { emitFunction } from './functions.js';
import { programMember } from './runtime-names.js';

/** Options whose value is a word (`backoff: exponential` or `"exponential"`), not an expression. */
const WORD_OPTIONS = new Set(['backoff', 'priority']);
const FLOW_OPTIONS = new Set(['handler', 'on_failure']);
const OPTION_KEYS: Readonly<Record<string, string>> = { retry: 'retry', timeout: 'timeout', backoff: 'backoff', priority: 'priority' };

function word(value: Expression | PropertyBlock): string | undefined {
  if (value.kind === 'Identifier') return value.name;
  if (value.kind === 'StringLiteral') return value.value;
  return undefined;
}

/** A flow named by `handler:` / `on_failure:`: the function and its parameter names. */
function flowReference(context: EmitContext, value: Expression | PropertyBlock): { js: Code; parameters: readonly string[] } | undefined {
  if (value.kind !== 'Identifier') return undefined;
  const resolution = context.globalNamed(value.name);
  if (resolution?.kind !== 'global') return undefined;
  return { js: resolution.js, parameters: parameterNamesOf(resolution.symbol) ?? [] };
}

export function emitJob(context: EmitContext, job: JobDeclaration): Code {
  const name = job.name.name;
  const entries: Code[] = [['name: ', quote(name)]];
  if (job.queue !== null) entries.push(['queue: ', quote(job.queue.value)]);
  const options = [
    ...job.options.flatMap((argument) => (argument.name === null ? [] : [{ name: argument.name.name, value: argument.value as Expression | PropertyBlock }])),
    ...job.properties.map((property) => ({ name: property.name.name, value: property.value })),
  ];
  let perform: { js: Code; parameters: readonly string[] } | undefined;
  let onFailure: { js: Code; parameters: readonly string[] } | undefined;
  for (const option of options) {
    if (FLOW_OPTIONS.has(option.name)) {
      const flow = flowReference(context, option.value);
      // The checker holds that the option names a declared flow (check/jobs.ts).
      if (flow === undefined) return refusedByChecker(`the '${option.name}' of job ${name}`);
      if (option.name === 'handler') perform = flow;
      else onFailure = flow;
      continue;
    }
    const key = OPTION_KEYS[option.name];
    if (key === undefined || option.value.kind === 'PropertyBlock') continue;
    if (WORD_OPTIONS.has(option.name)) {
      const written = word(option.value);
      if (written !== undefined) entries.push([key, ': ', quote(written)]);
    } else {
      entries.push([key, ': ', emitExpression(context, option.value)]);
    }
  }
  for (const handler of job.handlers) {
    const parameters = handler.parameters.map((parameter) => parameter.name.name);
    const js = emitFunction(context, { name: '', label: `job ${name} ${handler.name.name}`, parameters: handler.parameters, body: handler.body });
    if (handler.name.name === 'perform') perform = { js, parameters };
    else if (handler.name.name === 'on_failure') onFailure = { js, parameters };
  }
  if (perform === undefined) return refusedByChecker(`job ${name} without perform(...) or handler:`);
  entries.push(['parameters: [', perform.parameters.map(quote).join(', '), ']'], ['perform: ', perform.js]);
  if (onFailure !== undefined) entries.push(['onFailure: ', onFailure.js], ['onFailureParameters: [', onFailure.parameters.map(quote).join(', '), ']']);
  return ['const ', context.declared(job.name), ' = ', programMember('job'), '({ ', joinCode(entries, ', '), ' });'];
}
