import { settingsLimits } from '../../config.js';
import { defaultAlertKeywords } from '../entries/service.js';
import type { Settings } from './schemas.js';

/**
 * What GET /settings answers before anything was saved. `builtin` needs no key and no
 * network; the byok endpoint and model are only used once the user switches to `byok`.
 */
export const defaultSettings: Settings = {
  llm: {
    mode: 'builtin',
    base_url: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    timeout_seconds: settingsLimits.llmTimeoutSecondsDefault,
    context_characters: settingsLimits.llmContextCharactersDefault,
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
