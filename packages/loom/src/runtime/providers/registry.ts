/**
 * `provider/model` → the client that speaks to it. Built-in providers have their public
 * endpoints (overridable with `<PROVIDER>_BASE_URL`); any other provider is OpenAI-compatible
 * and needs its `<PROVIDER>_BASE_URL`. Every provider but Ollama needs `<PROVIDER>_API_KEY`.
 * Nothing is guessed: a missing entry is an E101 naming it.
 */
import { LoomError } from '../../errors.js';
import type { Secrets } from '../infra/secrets.js';
import { createAnthropicClient } from './anthropic.js';
import { createOllamaClient } from './ollama.js';
import { createOpenAiCompatibleClient } from './openai-compatible.js';
import type { ProviderClient } from './types.js';

/** The endpoints each built-in provider documents; Ollama's is its standard local address. */
export const BUILT_IN_BASE_URLS: Readonly<Record<string, string>> = {
  openai: 'https://api.openai.com/v1',
  deepseek: 'https://api.deepseek.com',
  anthropic: 'https://api.anthropic.com',
  ollama: 'http://127.0.0.1:11434',
};

export interface ModelReference {
  readonly provider: string;
  readonly model: string;
}

export function parseModelReference(reference: string): ModelReference {
  const slash = reference.indexOf('/');
  if (slash <= 0 || slash === reference.length - 1) {
    throw new LoomError('E101', `model '${reference}' has no provider prefix: write it as 'provider/model', e.g. 'openai/${reference}'`);
  }
  return { provider: reference.slice(0, slash).toLowerCase(), model: reference.slice(slash + 1) };
}

function entryPrefix(provider: string): string {
  return provider.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

export class ProviderRegistry {
  private readonly clients = new Map<string, ProviderClient>();

  constructor(private readonly secrets: Secrets) {}

  /** @param agent named in the E101 when the provider cannot be configured */
  client(provider: string, agent: string): ProviderClient {
    let client = this.clients.get(provider);
    if (client === undefined) {
      client = this.create(provider, agent);
      this.clients.set(provider, client);
    }
    return client;
  }

  private create(provider: string, agent: string): ProviderClient {
    const prefix = entryPrefix(provider);
    const baseUrl = this.secrets.get(`${prefix}_BASE_URL`) ?? BUILT_IN_BASE_URLS[provider];
    if (baseUrl === undefined) {
      throw new LoomError('E101', `agent '${agent}' uses provider '${provider}', which has no endpoint: set ${prefix}_BASE_URL in secrets.nxs or the environment`);
    }
    if (provider === 'ollama') return createOllamaClient({ baseUrl });
    const apiKey = this.secrets.get(`${prefix}_API_KEY`);
    if (apiKey === undefined) {
      throw new LoomError('E101', `agent '${agent}' has no API key: set ${prefix}_API_KEY in secrets.nxs or the environment`);
    }
    if (provider === 'anthropic') return createAnthropicClient({ baseUrl, apiKey });
    return createOpenAiCompatibleClient({ provider, baseUrl, apiKey, supportsJsonSchema: provider === 'openai' });
  }
}
