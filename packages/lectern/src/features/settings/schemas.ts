import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { settingsLimits as limits } from '../../config.js';

export const llmModes = ['builtin', 'byok', 'local'] as const;
export type LlmMode = (typeof llmModes)[number];

/** A ClassFox `asr.*` value kept for round trip: any JSON scalar. */
export type ClassFoxScalar = string | number | boolean | null;

/*
 * Enumerations and nullable strings are written as `enum` / `type: [..]` rather than TypeBox
 * unions: a union compiles to `anyOf`, whose errors list every branch and say nothing useful.
 */
const stringEnum = <T extends readonly string[]>(values: T, options: object = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

const endpointUrlRule = 'https, or http for a loopback host; no user info, query or fragment; a trailing `/` is stripped';
const endpointUrl = Type.String({ minLength: 1, maxLength: limits.urlMaxChars, description: endpointUrlRule });

const keywordList = (description = 'Trimmed, blanks dropped, de-duplicated in order; matched case-insensitively') =>
  Type.Array(Type.String({ maxLength: limits.alertKeywordMaxChars }), { maxItems: limits.alertKeywordsMaxItems, description });

const classFoxScalar = Type.Unsafe<ClassFoxScalar>({
  type: ['string', 'number', 'boolean', 'null'],
  maxLength: limits.classFoxAsrValueMaxChars,
});

const llmFields = {
  mode: stringEnum(llmModes, { description: '`builtin`: offline assistant; `byok`: an OpenAI-compatible endpoint; `local`: a manifest model' }),
  base_url: endpointUrl,
  model: Type.String({ minLength: 1, maxLength: limits.modelNameMaxChars }),
  timeout_seconds: Type.Integer({ minimum: limits.llmTimeoutSecondsMin, maximum: limits.llmTimeoutSecondsMax }),
  context_characters: Type.Integer({ minimum: limits.llmContextCharactersMin, maximum: limits.llmContextCharactersMax }),
  local_model_id: Type.String({ maxLength: limits.modelIdMaxChars }),
};

const asrFields = {
  model_id: Type.String({ maxLength: limits.modelIdMaxChars }),
  language: Type.String({ minLength: limits.asrLanguageMinChars, maxLength: limits.asrLanguageMaxChars }),
};

/** `asr` also keeps ClassFox 2.0 fields (any scalar under an identifier-like name) so they round-trip. */
const asrOptions = {
  additionalProperties: classFoxScalar,
  propertyNames: { pattern: `^[A-Za-z][A-Za-z0-9_]{0,${limits.classFoxAsrFieldNameMaxChars - 1}}$` },
  maxProperties: Object.keys(asrFields).length + limits.classFoxAsrFieldsMax,
};

const alertFields = { danger_keywords: keywordList(), warning_keywords: keywordList() };
const appearance = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  description: `UI preferences, stored as given (at most ${limits.appearanceMaxBytes} bytes of JSON); a PUT replaces the whole object`,
});
const modelsFields = {
  mirror_url: Type.Unsafe<string | null>({
    type: ['string', 'null'],
    maxLength: limits.urlMaxChars,
    description: `Base URL replacing the model manifest's host (a mirror), or null; ${endpointUrlRule}`,
  }),
};
const securityFields = {
  allowed_origins: Type.Array(Type.String({ minLength: 1, maxLength: limits.originMaxChars }), {
    maxItems: limits.allowedOriginsMaxItems,
    description: 'Extra origins allowed besides the built-in ones, each `scheme://host[:port]`',
  }),
};

const closed = { additionalProperties: false } as const;

export const SettingsSchema = Type.Object(
  {
    llm: Type.Object(llmFields, closed),
    asr: Type.Object(asrFields, asrOptions),
    alerts: Type.Object(alertFields, closed),
    auto_summary: Type.Boolean(),
    appearance,
    models: Type.Object(modelsFields, closed),
    security: Type.Object(securityFields, closed),
  },
  { $id: 'Settings', additionalProperties: false },
);

type AsrCore = Static<typeof SettingsSchema>['asr'];
interface ClassFoxAsrFields {
  [classFoxField: string]: ClassFoxScalar;
}

export interface Settings extends Omit<Static<typeof SettingsSchema>, 'asr'> {
  asr: AsrCore & ClassFoxAsrFields;
}
export type LlmSettings = Settings['llm'];

const partial = <T extends Record<string, TSchema>>(fields: T, options: object = closed) => Type.Partial(Type.Object(fields), options);

/**
 * The body of PUT /settings: any subset of the settings, plus the ClassFox 2.0 names
 * (resolved in aliases.ts). No `default`s here: a missing field means "leave unchanged".
 */
export const SettingsPutBody = Type.Object(
  {
    llm: Type.Optional(partial({ ...llmFields, managed: Type.Boolean({ description: 'ClassFox 2.0: true means `mode: builtin`, false `byok`, unless `mode` is given' }) })),
    asr: Type.Optional(partial(asrFields, asrOptions)),
    alerts: Type.Optional(partial(alertFields)),
    auto_summary: Type.Optional(Type.Boolean()),
    appearance: Type.Optional(appearance),
    models: Type.Optional(partial(modelsFields)),
    security: Type.Optional(partial(securityFields)),
    version: Type.Optional(Type.Unknown({ description: 'ClassFox 2.0 preferences version; ignored' })),
    keywords: Type.Optional(keywordList('ClassFox 2.0 name of `alerts.danger_keywords`')),
    warning_keywords: Type.Optional(keywordList('ClassFox 2.0 name of `alerts.warning_keywords`')),
  },
  { additionalProperties: false },
);
export type SettingsPutBody = Static<typeof SettingsPutBody>;

/** A validated change in canonical names: sections merge field by field, `appearance` is replaced. */
export interface SettingsPatch {
  llm?: Partial<Settings['llm']>;
  asr?: Partial<AsrCore> & ClassFoxAsrFields;
  alerts?: Partial<Settings['alerts']>;
  auto_summary?: boolean;
  appearance?: Record<string, unknown>;
  models?: Partial<Settings['models']>;
  security?: Partial<Settings['security']>;
}
