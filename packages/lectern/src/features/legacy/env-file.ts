// What a 1.x `.env` file carries over: provider settings, and the keys that are real values
// rather than the template's placeholders.
import { parseEnv } from 'node:util';

/** Environment names of the 1.x app and the credential each one fills. */
const CREDENTIAL_VARIABLES: readonly (readonly [string, string])[] = [
  ['LLM_API_KEY', 'llm'],
  ['ASR_API_KEY', 'asr'],
  ['DASHSCOPE_API_KEY', 'dashscope'],
  ['SEED_APP_ID', 'seed_app'],
  ['SEED_ACCESS_TOKEN', 'seed_access'],
  ['SEED_API_KEY', 'seed_api'],
];

/** What templates put where a value belongs: "your_api_key_here", "sk-xxx", "<key>", "...", "changeme". */
const PLACEHOLDER = /your|x{3,}|placeholder|change[-_ ]?me|replace[-_ ]?me|example|todo|^<.*>$|^\.{3,}$|^\*+$|^sk-\.*$/i;

export function isPlaceholder(value: string | undefined): boolean {
  const trimmed = value?.trim() ?? '';
  return trimmed.length === 0 || PLACEHOLDER.test(trimmed);
}

export interface LegacyConfig {
  /** A settings patch in the shape PUT /settings takes; empty when the file sets nothing. */
  settings: { llm?: Record<string, unknown>; asr?: Record<string, unknown>; auto_summary?: boolean };
  /** Credential name → value, placeholders left out. */
  credentials: Map<string, string>;
}

export function readLegacyConfig(text: string): LegacyConfig {
  const variables = parseEnv(text);
  const real = (name: string): string | undefined => (isPlaceholder(variables[name]) ? undefined : variables[name]?.trim());
  const llm: Record<string, unknown> = {};
  const baseUrl = real('LLM_BASE_URL');
  const model = real('LLM_MODEL');
  const timeout = Number(real('LLM_TIMEOUT_SECONDS') ?? real('LLM_TIMEOUT'));
  if (baseUrl !== undefined) llm.base_url = baseUrl;
  if (model !== undefined) llm.model = model;
  if (Number.isInteger(timeout)) llm.timeout_seconds = timeout;
  if (real('LLM_API_KEY') !== undefined) llm.mode = 'byok';
  const settings: LegacyConfig['settings'] = {};
  if (Object.keys(llm).length > 0) settings.llm = llm;
  const language = real('ASR_LANGUAGE');
  if (language !== undefined) settings.asr = { language };
  const autoSummary = real('AUTO_SUMMARY')?.toLowerCase();
  if (autoSummary === 'true' || autoSummary === 'false') settings.auto_summary = autoSummary === 'true';

  const credentials = new Map<string, string>();
  for (const [variable, name] of CREDENTIAL_VARIABLES) {
    const value = real(variable);
    if (value !== undefined) credentials.set(name, value);
  }
  return { settings, credentials };
}
