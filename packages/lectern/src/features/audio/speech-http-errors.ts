import { ApiError, type ErrorCode } from '../../platform/errors.js';
import { SpeechError } from './speech/errors.js';

/** The contract's answer to each kind of speech failure (docs/api.md, "Audio and speech"). */
const errorCodeOf: Record<SpeechError['kind'], ErrorCode> = {
  unavailable: 'model_unavailable',
  busy: 'model_unavailable',
  failed: 'model_unavailable',
};

/**
 * What a client is answered for a failure of speech recognition: a SpeechError by its kind with
 * its own message; anything else the speech code did not expect (a decoder that crashed, a file
 * that could not be written) as a failed recogniser, with the first 300 characters of why.
 */
export function speechHttpError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SpeechError) return new ApiError(errorCodeOf[error.kind], error.message);
  return new ApiError(errorCodeOf.failed, `The speech recogniser failed: ${error instanceof Error ? error.message.slice(0, 300) : 'unknown error'}`);
}
