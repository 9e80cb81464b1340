// The fake model world the doc-measuring scripts (nexa-examples.mjs, nexa-docs.mjs) run Loom
// programs in: the fake model server of Loom's tests, answering `ok`, `yes` to judgements and
// a schema-shaped object when asked for a protocol (from the request's JSON schema when it sends
// one, else from the instruction in the system prompt), and an environment pointing every
// provider's key and base URL at it (so no checkout is written to), with jobs in a queue of
// the run's own.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TEST_KEY = 'sk-test-0123456789';
const PROVIDERS = ['OPENAI', 'DEEPSEEK', 'LOCAL', 'MINIMAX', 'GLM', 'QWEN', 'MOONSHOT'];

/** A JSON object with every field of the protocol the system prompt asks for, shaped by type. */
export function protocolReply(system) {
  const fields = /exactly these fields and types: \{(.*)\}\./.exec(system)?.[1];
  if (fields === undefined) return null;
  const value = {};
  for (const [, name, type] of fields.matchAll(/"([^"]+)": ([^,]+)/g)) {
    const t = type.trim().toLowerCase();
    value[name] = t.startsWith('int') || t.startsWith('float') || t.startsWith('number') ? 1
      : t.startsWith('bool') ? true
        : t.startsWith('list') || t.startsWith('[') ? []
          : t.startsWith('dict') ? {} : 'ok';
  }
  return JSON.stringify(value);
}

/**
 * A value following a JSON schema (the `response_format` of an OpenAI-format request, the
 * `format` of an Ollama one): objects with every property, nested ones too, so a protocol whose
 * fields are records is answered as well as a flat one.
 */
export function schemaValue(schema) {
  if (typeof schema !== 'object' || schema === null) return 'ok';
  if (Array.isArray(schema.anyOf)) return schemaValue(schema.anyOf.find((member) => member?.type !== 'null') ?? {});
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, schemaValue(property)]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'ok';
  }
}

/** The schema a request asks the reply to follow, if it names one. */
function requestedSchema(body) {
  return body.response_format?.json_schema?.schema ?? (typeof body.format === 'object' ? body.format : undefined);
}

/** Starts the server; `env` is the environment to run `loom` in, its jobs under `jobsDir`. */
export async function startFakeProviders(jobsDir) {
  const { startFakeModelServer } = await import(join(root, 'packages/loom/test/support/fake-model-server.ts'));
  const server = await startFakeModelServer();
  server.respondWith((request) => {
    const schema = requestedSchema(request.body);
    if (schema !== undefined) return { text: JSON.stringify(schemaValue(schema)) };
    const messages = request.body.messages ?? [];
    const system = typeof request.body.system === 'string' ? request.body.system : (messages[0]?.content ?? '');
    const protocol = protocolReply(String(system));
    if (protocol !== null) return { text: protocol };
    return { text: /yes or no/i.test(String(system)) ? 'yes' : 'ok' };
  });
  const env = { ...process.env, LOOM_DEFAULT_MODEL: 'openai/test-model', NO_COLOR: '1' };
  for (const provider of PROVIDERS) {
    env[`${provider}_API_KEY`] = TEST_KEY;
    env[`${provider}_BASE_URL`] = `${server.url}/v1`;
  }
  env.ANTHROPIC_API_KEY = TEST_KEY;
  env.ANTHROPIC_BASE_URL = server.url;
  env.OLLAMA_BASE_URL = server.url;
  env.LOOM_JOBS_URL = `sqlite:${join(jobsDir, 'jobs.db')}`;
  return { server, env };
}
