import pino from 'pino';
import type { Logger } from 'pino';
import { censorSecrets, redactUrl } from './log-redaction.js';

export type { Logger };

/** The level `lectern serve` logs at unless `LECTERN_LOG_LEVEL` says otherwise: one line per request. */
export const defaultLogLevel = 'info';

/** The request fields Fastify hands the `req` serializer; only these are read. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Structured JSON logs on stderr (stdout carries only the hand-over line). The token must never
 * reach a log: the Authorization header and any field named like a secret are censored, request
 * URLs lose their query string and token-shaped segments, and each `secrets` value is removed
 * from every line before it is written, whichever field carried it.
 */
export function createLogger(secrets: readonly string[], level: string = process.env.LECTERN_LOG_LEVEL || defaultLogLevel): Logger {
  const censor = censorSecrets(secrets);
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: {
        paths: [
          'req.headers.authorization',
          'headers.authorization',
          '*.token',
          'token',
          '*.value',
          '*.api_key',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      hooks: { streamWrite: censor },
    },
    pino.destination({ fd: 2, sync: false }),
  );
}
