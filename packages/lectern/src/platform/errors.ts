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

/** Machine-readable error codes of the `/api/v2` contract. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'origin_denied'
  | 'host_denied'
  | 'not_found'
  | 'invalid_state'
  | 'too_large'
  | 'unsupported_media_type'
  | 'invalid_request'
  | 'internal_error'
  | ProviderErrorCode
  | 'model_unavailable'
  | 'device_unavailable'
  | 'storage_error';

/** One entry of a 422 `detail` list; `loc` is the path to the offending field. Never carries the value. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * The one error type route handlers and services throw. The error mapper in app.ts turns it
 * into `{error, message}` (+ `detail` for 422); anything else becomes an opaque 500.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly detail?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what: string): ApiError => new ApiError(404, 'not_found', `${what} not found`);
export const invalidState = (message: string): ApiError => new ApiError(409, 'invalid_state', message);
export const invalidRequest = (detail: ValidationIssue[]): ApiError =>
  new ApiError(422, 'invalid_request', 'The request is not valid', detail);

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  detail?: ValidationIssue[];
}

export function errorBody(error: ApiError): ErrorBody {
  return error.detail ? { error: error.code, message: error.message, detail: error.detail } : { error: error.code, message: error.message };
}
