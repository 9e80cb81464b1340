import pino from 'pino';
import type { Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stderr (stdout carries only the hand-over line). The token must
 * never reach a log: the Authorization header and any field named like a secret are censored
 * wherever they appear.
 */
export function createLogger(level: string = process.env.LECTERN_LOG_LEVEL ?? 'info'): Logger {
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
    },
    pino.destination({ fd: 2, sync: false }),
  );
}
