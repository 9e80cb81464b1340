import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../platform/ajv.js';
import { invalidRequest, type ValidationIssue } from '../../platform/errors.js';
import { issueFromAjv } from '../../platform/validation-issues.js';
import { resolveClassFoxAliases } from './aliases.js';
import { checkAppearanceSize, checkOrigin, cleanList, isViolation, normaliseEndpointUrl, type RuleViolation } from './rules.js';
import { SettingsPutBody, type SettingsPatch } from './schemas.js';

/** Issues are reported against the request body, the same `loc` root the route validators use. */
const locRoot = 'body';

let validateStructure: ValidateFunction | undefined;

/**
 * Compiled on first use, like the route validators, to keep it out of start-up time. All
 * structural errors at once (a settings form shows them together); no coercion: `"45"` is
 * not a number.
 */
function structureValidator(): ValidateFunction {
  validateStructure ??= createAjv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, validateSchema: false }).compile(SettingsPutBody);
  return validateStructure;
}

function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, trimmed(inner)]));
  return value;
}

/** A trimmed copy (lengths are checked on what is stored), except `appearance`: it belongs to the UI and is kept as given. */
function trimmedBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([key, inner]) => [key, key === 'appearance' ? inner : trimmed(inner)]));
}

/** `propertyNames` reports the failed pattern and then itself; one issue per offending key is enough. */
function structuralIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  const seen = new Set<string>();
  return errors
    .filter((error) => error.keyword !== 'propertyNames')
    .map((error) => issueFromAjv(error, locRoot))
    .filter((issue) => {
      const key = JSON.stringify(issue.loc);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Rules the schema cannot express; fixes the patch up in place (normalised URLs, cleaned lists). */
function applyRules(patch: SettingsPatch): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const report = (loc: (string | number)[], violation: RuleViolation) => issues.push({ loc: [locRoot, ...loc], ...violation });

  if (patch.llm?.base_url !== undefined) {
    const url = normaliseEndpointUrl(patch.llm.base_url);
    if (isViolation(url)) report(['llm', 'base_url'], url);
    else patch.llm.base_url = url;
  }
  const mirror = patch.models?.mirror_url;
  if (patch.models && mirror != null) {
    const url = normaliseEndpointUrl(mirror);
    if (isViolation(url)) report(['models', 'mirror_url'], url);
    else patch.models.mirror_url = url;
  }
  if (patch.alerts?.danger_keywords) patch.alerts.danger_keywords = cleanList(patch.alerts.danger_keywords);
  if (patch.alerts?.warning_keywords) patch.alerts.warning_keywords = cleanList(patch.alerts.warning_keywords);
  if (patch.security?.allowed_origins) {
    patch.security.allowed_origins.forEach((origin, index) => {
      const violation = checkOrigin(origin);
      if (violation) report(['security', 'allowed_origins', index], violation);
    });
    patch.security.allowed_origins = cleanList(patch.security.allowed_origins);
  }
  if (patch.appearance) {
    const violation = checkAppearanceSize(patch.appearance);
    if (violation) report(['appearance'], violation);
  }
  return issues;
}

/**
 * A PUT /settings body (or any partial settings object) → a canonical, normalised patch.
 * Throws a 422 listing the structural problems or, once the structure is sound, every rule
 * violation; no message or `loc` carries a submitted value.
 */
export function parseSettingsPatch(body: unknown): SettingsPatch {
  const input = trimmedBody(body);
  const validate = structureValidator();
  if (!validate(input)) throw invalidRequest(structuralIssues(validate.errors ?? []));
  const patch = resolveClassFoxAliases(input as SettingsPutBody);
  const issues = applyRules(patch);
  if (issues.length > 0) throw invalidRequest(issues);
  return patch;
}
