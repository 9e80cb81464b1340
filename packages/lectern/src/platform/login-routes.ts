import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { loginCodes as limits } from '../config.js';
import { ApiError } from './errors.js';
import type { LoginCodes } from './login-codes.js';
import { isOwnOrigin } from './own-origin.js';

export const loginCodesPath = '/api/v2/auth/codes';
export const loginExchangePath = '/api/v2/auth/exchange';

const IssuedCodeSchema = Type.Object({
  code: Type.String({ description: 'Single use; worth one exchange within `expires_in` seconds' }),
  url: Type.String({ description: 'The web workspace of this instance with the code in its fragment (`/#code=…`), which no server ever receives' }),
  expires_in: Type.Integer({ description: `Seconds (${limits.lifetimeSeconds})` }),
});

const ExchangeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);
type ExchangeBody = Static<typeof ExchangeBody>;

const TokenSchema = Type.Object({ token: Type.String({ description: 'The bearer token of this instance' }) });

export interface LoginRoutesOptions {
  token: string;
  codes: LoginCodes;
}

/**
 * The token hand-over to a browser page: a holder of the token asks for a one-time code and
 * opens the page with it in the URL fragment; the page, loaded from this instance, trades the
 * code for the token. The token itself never travels in a URL.
 */
export async function loginRoutes(app: FastifyInstance, { token, codes }: LoginRoutesOptions): Promise<void> {
  app.post(loginCodesPath, {
    schema: {
      tags: ['auth'],
      summary: 'Issue a single-use login code for the web workspace (valid 60 s)',
      response: { 201: IssuedCodeSchema },
    },
  }, async (request, reply) => {
    const issued = codes.issue();
    // The Host header was checked to be a loopback name by the request guard.
    const url = `http://${request.headers.host ?? '127.0.0.1'}/#code=${issued.code}`;
    return reply.code(201).send({ code: issued.code, url, expires_in: issued.expiresInSeconds });
  });

  app.post<{ Body: ExchangeBody }>(loginExchangePath, {
    schema: {
      tags: ['auth'],
      summary: 'Trade a login code for the bearer token (no token; only from this instance\'s own Origin)',
      description: 'An unknown, used or expired code answers 401; a request without this instance\'s own Origin answers 403 origin_denied.',
      security: [],
      body: ExchangeBody,
      response: { 200: TokenSchema },
    },
    // Before validation, so a foreign page learns nothing about the body it sent.
    onRequest: async (request) => {
      const origin = request.headers.origin;
      if (origin === undefined || !isOwnOrigin(origin, request.socket.localPort)) {
        throw new ApiError('origin_denied', 'Login codes are exchanged only by the page this instance serves');
      }
    },
  }, async (request) => {
    if (!codes.redeem(request.body.code)) throw new ApiError('unauthorized', 'The login code is unknown, used or expired');
    return { token };
  });
}
