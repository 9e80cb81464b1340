export type StartupErrorCode = 'data_dir_in_use' | 'database_too_new' | 'storage_error' | 'invalid_arguments' | 'listen_failed' | 'invalid_model_manifest';

/** A start-up failure with a stable code for the hand-over error line. */
export class StartupError extends Error {
  constructor(
    readonly code: StartupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}
