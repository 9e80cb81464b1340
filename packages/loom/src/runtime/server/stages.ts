/**
 * Running a route's handler chain (`A |>> B`, one stage per step) and its middleware. The first
 * stage gets the request: a flow by its parameter names — a path parameter, then `request`
 * (or `req`) for the whole request, then a query parameter, then a field of a JSON body, and a
 * flow with one parameter that matches none of these gets the request —, an agent the
 * request's text (its body, else the `q`, `message` or `input` query parameter), a closure the
 * request itself. Every later stage gets the value of the stage before it.
 */
import { fail } from '../core/script-error.js';
import { describe, isDict } from '../core/values.js';
import type { StageSpec } from './server-spec.js';
import type { RequestValue } from './request.js';

/** Calls a value the program holds: a function or an agent (ProgramContext.call). */
export type CallValue = (callee: unknown, args: readonly unknown[]) => unknown;

export interface Stage {
  readonly name: string;
  run(input: unknown, request: RequestValue, first: boolean): Promise<unknown>;
}

/** Names of a flow parameter that receives the whole request. */
const REQUEST_PARAMETERS: ReadonlySet<string> = new Set(['request', 'req']);
/** Query parameters an agent handler reads its question from when the request has no body. */
const QUESTION_PARAMETERS: readonly string[] = ['q', 'message', 'input'];

/** What a flow parameter named `name` receives from the request. */
function argumentFor(name: string, request: RequestValue, onlyParameter: boolean): unknown {
  if (Object.hasOwn(request.params, name)) return request.params[name];
  if (REQUEST_PARAMETERS.has(name)) return request;
  if (Object.hasOwn(request.query, name)) return request.query[name];
  if (isDict(request.body) && Object.hasOwn(request.body, name)) return request.body[name];
  return onlyParameter ? request : null;
}

/** The text an agent handler is asked: the body, else a question in the query, else the path. */
export function requestText(request: RequestValue): unknown {
  if (request.body !== null && request.body !== '') return request.body;
  for (const name of QUESTION_PARAMETERS) {
    const value = request.query[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return request.path;
}

function flowStage(spec: StageSpec, call: (...args: unknown[]) => unknown, parameters: readonly string[]): Stage {
  return {
    name: spec.name,
    run: async (input, request, first) => {
      if (!first) return call(...parameters.map((_, index) => (index === 0 ? input : null)));
      return call(...parameters.map((name) => argumentFor(name, request, parameters.length === 1)));
    },
  };
}

/** Resolves the stages of a chain once the program's declarations have run. */
export async function resolveStages(specs: readonly StageSpec[], callValue: CallValue, isAgent: (value: unknown) => boolean): Promise<Stage[]> {
  const stages: Stage[] = [];
  for (const spec of specs) {
    if (spec.call !== undefined) {
      stages.push(flowStage(spec, spec.call, spec.parameters ?? []));
    } else if (spec.fanOut !== undefined) {
      const branches = await resolveStages(spec.fanOut, callValue, isAgent);
      stages.push({
        name: spec.name,
        run: (input, request, first) => Promise.all(branches.map((branch) => branch.run(input, request, first))),
      });
    } else if (spec.target !== undefined) {
      const target = await spec.target();
      if (isAgent(target)) {
        stages.push({ name: spec.name, run: async (input, request, first) => callValue(target, [first ? requestText(request) : input]) });
      } else if (typeof target === 'function') {
        stages.push({ name: spec.name, run: async (input, request, first) => callValue(target, [first ? request : input]) });
      } else {
        fail(`the route handler ${spec.name} is ${describe(target)}; a handler is a flow, a function or an agent`);
      }
    }
  }
  return stages;
}

/** Runs a chain: the first stage gets the request, each later one the value before it. */
export async function runChain(stages: readonly Stage[], request: RequestValue): Promise<unknown> {
  let value: unknown = request;
  for (const [index, stage] of stages.entries()) value = await stage.run(value, request, index === 0);
  return value;
}
