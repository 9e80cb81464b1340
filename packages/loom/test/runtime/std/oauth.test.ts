/**
 * OAuth sign-in with PKCE against a loopback provider that does what a real one does: it
 * remembers the code challenge of the authorize URL, issues a code for it, and gives a token
 * only for that code with the verifier that hashes to the challenge.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { stdServices } from '../../support/std-services.js';
import { createStd } from '../../../src/runtime/std/index.js';

interface Issued {
  readonly challenge: string;
  readonly clientId: string;
}

const issued = new Map<string, Issued>();
let tokenRequests = 0;
const provider = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    tokenRequests += 1;
    const form = new URLSearchParams(body);
    const grant = issued.get(form.get('code') ?? '');
    issued.delete(form.get('code') ?? '');
    const verifierMatches = grant !== undefined
      && createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === grant.challenge;
    response.setHeader('content-type', 'application/json');
    if (grant === undefined || !verifierMatches || form.get('client_id') !== grant.clientId || form.get('grant_type') !== 'authorization_code') {
      response.statusCode = 400;
      response.end(JSON.stringify({ error: 'invalid_grant', error_description: 'bad code or verifier' }));
      return;
    }
    response.end(JSON.stringify({ access_token: 'token-for-ada', token_type: 'bearer', scope: 'read:user' }));
  });
});

let std: ReturnType<typeof createStd>;
before(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  std = createStd({
    DEVHUB_CLIENT_ID: 'loom-app',
    DEVHUB_REDIRECT_URI: 'http://127.0.0.1:8080/callback',
    DEVHUB_AUTHORIZE_URL: `${base}/authorize`,
    DEVHUB_TOKEN_URL: `${base}/token`,
  }, stdServices());
});
after(() => provider.close());

/** What the provider does when the user approves: a code bound to the URL's challenge. */
function approve(authorizeUrl: string): { code: string; state: string } {
  const url = new URL(authorizeUrl);
  const code = randomBytes(8).toString('hex');
  issued.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', clientId: url.searchParams.get('client_id') ?? '' });
  return { code, state: url.searchParams.get('state') ?? '' };
}

async function refusal(call: () => unknown): Promise<LoomError> {
  try {
    await call();
  } catch (error) {
    assert.ok(error instanceof LoomError);
    return error;
  }
  return assert.fail('expected an E504');
}

test('the authorize URL carries the client, the redirect, a state and an S256 challenge; the callback gets the token', async () => {
  const url = new URL(std.auth!.oauth!('devhub') as string);
  assert.equal(url.pathname, '/authorize');
  assert.equal(url.searchParams.get('response_type'), 'code');
  assert.equal(url.searchParams.get('client_id'), 'loom-app');
  assert.equal(url.searchParams.get('redirect_uri'), 'http://127.0.0.1:8080/callback');
  assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
  assert.match(url.searchParams.get('state') ?? '', /^[A-Za-z0-9_-]{43}$/);
  const { code, state } = approve(url.toString());
  const tokens = await std.auth!.oauth_callback!('devhub', code, state);
  assert.deepEqual(tokens, { access_token: 'token-for-ada', token_type: 'bearer', scope: 'read:user' });
});

test('a state is used once: a replayed or forged callback is E504 without asking the provider', async () => {
  const { code, state } = approve(std.auth!.oauth_authorize!('devhub') as string);
  await std.auth!.oauth_callback!('devhub', code, state);
  const before = tokenRequests;
  assert.match((await refusal(() => std.auth!.oauth_callback!('devhub', code, state))).message, /state of this callback is unknown, used or expired/);
  assert.equal((await refusal(() => std.auth!.oauth_callback!('devhub', 'x', 'forged'))).code, 'E504');
  assert.equal(tokenRequests, before);
});

test("the provider's refusal and a missing setting are E504 with the reason, never a secret", async () => {
  const { state } = approve(std.auth!.oauth!('devhub') as string);
  const refused = await refusal(() => std.auth!.oauth_callback!('devhub', 'not-issued', state));
  assert.equal(refused.code, 'E504');
  assert.match(refused.message, /'devhub' refused the code \(invalid_grant: bad code or verifier\)/);
  const unconfigured = await refusal(() => std.auth!.oauth!('github'));
  assert.match(unconfigured.message, /provider 'github' needs GITHUB_CLIENT_ID in secrets\.nxs or the environment/);
});
