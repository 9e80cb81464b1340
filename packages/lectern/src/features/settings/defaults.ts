import { defaultAlertKeywords } from '../entries/alerts.js';
import type { Settings } from './schemas.js';

/** Limits of the settings object; the contract fixes the LLM ranges and the keyword limits. */
export const settingsLimits = {
  llmTimeoutSecondsMin: 5,
  llmTimeoutSecondsMax: 180,
  llmContextCharactersMin: 1000,
  llmContextCharactersMax: 64_000,
  modelNameMaxChars: 200,
  modelIdMaxChars: 200,
  /** Long enough for any real endpoint; bounds what a row and a log line can carry. */
  urlMaxChars: 2048,
  asrLanguageMinChars: 2,
  asrLanguageMaxChars: 20,
  alertKeywordsMaxItems: 100,
  alertKeywordMaxChars: 80,
  allowedOriginsMaxItems: 32,
  originMaxChars: 200,
  /** The UI's own preferences are opaque to Lectern; this only keeps them from growing without bound. */
  appearanceMaxBytes: 16 * 1024,
  /** ClassFox `asr.*` fields kept for round trip: how many, how long a name and a text value may be. */
  classFoxAsrFieldsMax: 32,
  classFoxAsrFieldNameMaxChars: 64,
  classFoxAsrValueMaxChars: 2048,
} as const;

/**
 * What GET /settings answers before anything was saved. `builtin` needs no key and no
 * network; the byok endpoint and model are only used once the user switches to `byok`.
 */
export const defaultSettings: Settings = {
  llm: {
    mode: 'builtin',
    base_url: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    timeout_seconds: 45,
    context_characters: 16_000,
    local_model_id: '',
  },
  asr: {
    model_id: '',
    language: 'auto',
  },
  alerts: {
    danger_keywords: [...defaultAlertKeywords.danger],
    warning_keywords: [...defaultAlertKeywords.warning],
  },
  auto_summary: true,
  appearance: {},
  models: { mirror_url: null },
  security: { allowed_origins: [] },
};
