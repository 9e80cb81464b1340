import { Type, type Static } from '@sinclair/typebox';

/** The contract's 503 codes for a failed call to a chat provider. */
export type ProviderErrorCode =
  | 'missing_key'
  | 'invalid_key'
  | 'rate_limited'
  | 'invalid_model'
  | 'provider_unavailable'
  | 'timeout'
  | 'connection_failed'
  | 'invalid_response'
  | 'incomplete_response'
  | 'response_too_large';

/**
 * Every machine-readable error code of the `/api/v2` contract and the HTTP status it is
 * answered with. Code is all a throw site names: the status is written here and nowhere else.
 */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  origin_denied: 403,
  host_denied: 403,
  not_found: 404,
  invalid_state: 409,
  too_large: 413,
  unsupported_media_type: 415,
  invalid_request: 422,
  internal_error: 500,
  missing_key: 503,
  invalid_key: 503,
  rate_limited: 503,
  invalid_model: 503,
  provider_unavailable: 503,
  timeout: 503,
  connection_failed: 503,
  invalid_response: 503,
  incomplete_response: 503,
  response_too_large: 503,
  model_unavailable: 503,
  device_unavailable: 503,
  storage_error: 503,
} as const satisfies Record<ProviderErrorCode, 503> & Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;

const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** One entry of a 422 `detail` list; `loc` is the path to the offending field. Never carries the value. */
export const ValidationIssueSchema = Type.Object({
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
  msg: Type.String(),
  type: Type.String(),
});
export type ValidationIssue = Static<typeof ValidationIssueSchema>;

/** The envelope of every error response; the OpenAPI document's `Error` schema is this one. */
export const ErrorBodySchema = Type.Object(
  {
    // An enum rather than a union of literals: a union compiles to an anyOf of 23 branches.
    error: Type.Unsafe<ErrorCode>({ type: 'string', enum: errorCodes, description: 'Machine-readable code' }),
    message: Type.String(),
    detail: Type.Optional(Type.Array(ValidationIssueSchema, { description: 'Only with invalid_request (422)' })),
  },
  { $id: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBodySchema>;

/**
 * The one error type route handlers and services throw. The platform's error handler turns it
 * into `{error, message}` (+ `detail` for 422) with the code's status; anything else becomes
 * an opaque 500.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = errorStatus[code];
  }
}

export const notFound = (what: string): ApiError => new ApiError('not_found', `${what} not found`);
export const invalidState = (message: string): ApiError => new ApiError('invalid_state', message);
export const invalidRequest = (detail: ValidationIssue[]): ApiError => new ApiError('invalid_request', 'The request is not valid', detail);

export function errorBody(error: ApiError): ErrorBody {
  return error.detail ? { error: error.code, message: error.message, detail: error.detail } : { error: error.code, message: error.message };
}
