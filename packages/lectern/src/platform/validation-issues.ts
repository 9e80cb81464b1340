import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from './errors.js';

/** `/a/0/b~1c` → `['a', 0, 'b/c']`: list positions as numbers, JSON-pointer escapes undone. */
function pathSegments(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/**
 * AJV errors as the contract's 422 `detail` items. AJV's messages name the rule ("must NOT
 * have more than 80 characters"), never the submitted value, so they are safe to return.
 * `root` is the request part: body, querystring or params.
 */
export function issueFromAjv(error: ErrorObject, root: string): ValidationIssue {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const field = params.missingProperty ?? params.additionalProperty ?? error.propertyName;
  return {
    loc: [root, ...pathSegments(error.instancePath), ...(field === undefined ? [] : [field])],
    msg: error.message ?? 'is not valid',
    type: error.keyword,
  };
}
