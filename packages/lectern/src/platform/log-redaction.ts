// What a log line must never carry: the token, wherever a careless client put it. The request
// line is the usual carrier (`?token=`, `?access_token=`, a path segment), so URLs are logged
// without their query string or matrix parameters and with token-shaped segments censored;
// and every line is searched for the token itself before it is written, whatever the field.

export const redactedMarker = '[redacted]';

/**
 * A path segment that looks like a secret: long and drawn from the alphabets keys and tokens use
 * (base64url, hex, percent-encoding). Lectern's own ids are UUIDs and stay readable.
 */
const tokenShapedSegment = /^[A-Za-z0-9_\-.~+%=]{24,}$/;
const uuidSegment = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/api/v2/x;token=…?token=…` → `/api/v2/x;[redacted]?[redacted]`, token-shaped segments censored. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/').map((segment) => {
    const paramsAt = segment.indexOf(';');
    const name = paramsAt === -1 ? segment : segment.slice(0, paramsAt);
    const censoredName = tokenShapedSegment.test(name) && !uuidSegment.test(name) ? redactedMarker : name;
    return paramsAt === -1 ? censoredName : `${censoredName};${redactedMarker}`;
  });
  return `${segments.join('/')}${queryAt === -1 ? '' : `?${redactedMarker}`}`;
}

/**
 * Replaces each secret in a serialised log line, in the spellings it can take there: as is,
 * escaped inside a JSON string, and percent-encoded (a URL that escaped the URL rule).
 */
export function censorSecrets(secrets: readonly string[]): (line: string) => string {
  const spellings = [...new Set(secrets.filter((secret) => secret.length > 0).flatMap((secret) => [
    secret,
    JSON.stringify(secret).slice(1, -1),
    encodeURIComponent(secret),
  ]))];
  return (line) => {
    let censored = line;
    for (const spelling of spellings) if (censored.includes(spelling)) censored = censored.replaceAll(spelling, redactedMarker);
    return censored;
  };
}
