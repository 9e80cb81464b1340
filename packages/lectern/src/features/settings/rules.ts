import { InvalidBaseUrlError, normaliseBaseUrl, type InvalidBaseUrlReason } from '../../platform/endpoint-url.js';
import { settingsLimits } from '../../config.js';

/** Why a value was refused, in words that never repeat the value. */
export interface RuleViolation {
  msg: string;
  type: string;
}

export const isViolation = (result: unknown): result is RuleViolation =>
  typeof result === 'object' && result !== null && 'msg' in result;

/** The 422 `type` of each reason: one per thing the user must fix (scheme, user info, query). */
const violationTypes: Readonly<Record<InvalidBaseUrlReason, string>> = {
  not_a_url: 'url',
  unsupported_scheme: 'url_scheme',
  insecure_http: 'url_scheme',
  userinfo: 'url_userinfo',
  query: 'url_query',
  fragment: 'url_query',
};

/**
 * An endpoint Lectern sends requests (and a key) to, checked by the one rule the provider
 * client also relies on (platform/endpoint-url.ts), reported as a 422 issue.
 */
export function normaliseEndpointUrl(raw: string): string | RuleViolation {
  try {
    return normaliseBaseUrl(raw);
  } catch (error) {
    if (error instanceof InvalidBaseUrlError) return { msg: error.message, type: violationTypes[error.reason] };
    throw error;
  }
}

/** Browsers send `Origin` as exactly `scheme://host[:port]` in lower case; anything else could never match. */
export function checkOrigin(raw: string): RuleViolation | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { msg: 'must be an origin such as https://example.org', type: 'origin' };
  }
  return `${url.protocol}//${url.host}` === raw ? null : { msg: 'must be exactly scheme://host[:port], lower case, without a path', type: 'origin' };
}

/** Blanks dropped and duplicates (ignoring case, as matching does) removed, first spelling kept. Items arrive trimmed. */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (item === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function checkAppearanceSize(appearance: Record<string, unknown>): RuleViolation | null {
  const bytes = Buffer.byteLength(JSON.stringify(appearance));
  return bytes <= settingsLimits.appearanceMaxBytes
    ? null
    : { msg: `must be at most ${settingsLimits.appearanceMaxBytes} bytes as JSON`, type: 'maxBytes' };
}
