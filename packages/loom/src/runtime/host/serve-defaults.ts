/**
 * Where `loom serve` listens by default. Apart from serve-program.ts so that the CLI can name
 * them in its help without loading the runtime.
 */

/** Where a named server without a port listens (as the Nexa docs' `nexa serve`). */
export const DEFAULT_SERVE_PORT = 8080;
/** Loopback unless asked otherwise: a program is not exposed to the network by accident. */
export const DEFAULT_SERVE_HOST = '127.0.0.1';
