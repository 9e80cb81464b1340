import type { SettingsPatch, SettingsPutBody } from './schemas.js';

/**
 * ClassFox 2.0 preferences use a few other names; accepting them lets a ClassFox client save
 * its preferences object unchanged:
 * - `version` (the preferences format version) is ignored;
 * - top-level `keywords` / `warning_keywords` are `alerts.danger_keywords` / `alerts.warning_keywords`;
 * - `llm.managed: true` means `llm.mode: "builtin"` and `false` means `"byok"`;
 * - other `asr.*` fields need no mapping: the schema keeps them for round trip.
 * A canonical name given in the same request wins over its alias.
 */
export function resolveClassFoxAliases(body: SettingsPutBody): SettingsPatch {
  const { version: _ignored, keywords, warning_keywords, llm, alerts, ...sections } = body;
  const patch: SettingsPatch = { ...sections };

  const aliasedAlerts: NonNullable<SettingsPatch['alerts']> = {};
  if (keywords !== undefined) aliasedAlerts.danger_keywords = keywords;
  if (warning_keywords !== undefined) aliasedAlerts.warning_keywords = warning_keywords;
  if (alerts !== undefined || Object.keys(aliasedAlerts).length > 0) patch.alerts = { ...aliasedAlerts, ...alerts };

  if (llm !== undefined) {
    const { managed, ...fields } = llm;
    patch.llm = managed === undefined || fields.mode !== undefined ? fields : { ...fields, mode: managed ? 'builtin' : 'byok' };
  }
  return patch;
}
