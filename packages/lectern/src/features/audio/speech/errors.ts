// What the speech code could not do, in its own terms. It knows no HTTP: the audio service turns
// these into the contract's errors in one place (../speech-http-errors.ts).

/** A failure of speech recognition; `kind` is what the audio service answers it by. */
export abstract class SpeechError extends Error {
  abstract readonly kind: 'unavailable' | 'busy' | 'failed';
}

/** No recogniser can run for `asr.model_id` here; the message says what to install or choose. */
export class RecogniserUnavailable extends SpeechError {
  readonly kind = 'unavailable';
  override readonly name = 'RecogniserUnavailable';
}

/** More clips are waiting for a recogniser than it may hold; the client retries shortly. */
export class RecogniserBusy extends SpeechError {
  readonly kind = 'busy';
  override readonly name = 'RecogniserBusy';
}

/** The recogniser could not run its model or failed on a clip. */
export class RecognitionFailed extends SpeechError {
  readonly kind = 'failed';
  override readonly name = 'RecognitionFailed';
}
